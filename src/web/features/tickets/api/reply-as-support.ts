import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/tickets/:id/replies: the support team's reply. */
export const useReplyToTicket = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      call(client.admin.tickets[":id"].replies.$post({ param: { id }, json: { message } })),
    onSuccess: invalidate,
  });
};
