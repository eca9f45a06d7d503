import { useMutation } from "@tanstack/react-query";
import type { TicketPriority, TicketStatus } from "#domain/tickets";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

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
