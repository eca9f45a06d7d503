import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminTicketThread = Answer<(typeof client.admin.tickets)[":id"]["$get"]>;

/** GET /api/admin/tickets/:id: a ticket with its whole thread. */
export const useAdminTicketThread = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "ticket", id],
    queryFn: () => call(client.admin.tickets[":id"].$get({ param: { id: id ?? "" } })),
    enabled: Boolean(id),
  });
