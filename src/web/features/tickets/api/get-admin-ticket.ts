import { useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** GET /api/admin/tickets/:id: a ticket with its whole thread. */
export const useAdminTicketThread = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "ticket", id],
    queryFn: () => call(client.admin.tickets[":id"].$get({ param: { id: id ?? "" } })),
    enabled: Boolean(id),
  });
