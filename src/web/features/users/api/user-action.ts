import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/users/:id/{suspend,activate} and DELETE /api/admin/users/:id. */
export const useUserAction = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "suspend" | "activate" | "delete" }): Promise<unknown> => {
      const user = client.admin.users[":id"];
      if (action === "delete") return call(user.$delete({ param: { id } }));
      return call(
        action === "suspend" ? user.suspend.$post({ param: { id } }) : user.activate.$post({ param: { id } }),
      );
    },
    onSuccess: invalidate,
  });
};
