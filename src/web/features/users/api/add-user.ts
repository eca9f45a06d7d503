import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addUserSchema } from "#domain/users";
import type { Input } from "#web/lib/api-client";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export { addUserSchema };

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/users: adds an account. */
export const useAddUser = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: Input<typeof client.admin.users.$post>["json"]) =>
      call(client.admin.users.$post({ json: input })),
    onSuccess: invalidate,
  });
};
