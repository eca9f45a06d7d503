import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TicketPriority, TicketStatus } from "#domain/tickets";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** PATCH /api/admin/tickets/:id: status, priority and assignee. */
export const useUpdateTicket = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      ...input
    }: {
      id: string;
      status?: TicketStatus;
      priority?: TicketPriority;
      assignedTo?: string | null;
    }) => call(client.admin.tickets[":id"].$patch({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
};
