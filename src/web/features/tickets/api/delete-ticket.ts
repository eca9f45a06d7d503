import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** DELETE /api/admin/tickets/:id. */
export const useDeleteTicket = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => call(client.admin.tickets[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
};
