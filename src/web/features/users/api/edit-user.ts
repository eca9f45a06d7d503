import { useMutation } from "@tanstack/react-query";
import { editUserSchema } from "#domain/users";
import type { Input } from "#web/lib/api-client";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

export { editUserSchema };

/** PATCH /api/admin/users/:id: name, e-mail and role. */
export const useEditUser = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & Input<(typeof client.admin.users)[":id"]["$patch"]>["json"]) =>
      call(client.admin.users[":id"].$patch({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
};
