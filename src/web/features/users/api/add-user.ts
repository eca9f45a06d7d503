import { useMutation } from "@tanstack/react-query";
import { addUserSchema } from "#domain/users";
import type { Input } from "#web/lib/api-client";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

export { addUserSchema };

/** POST /api/admin/users: adds an account. */
export const useAddUser = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: Input<typeof client.admin.users.$post>["json"]) =>
      call(client.admin.users.$post({ json: input })),
    onSuccess: invalidate,
  });
};
