import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { compact, type ListParams } from "#web/lib/list-params";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminTicket = Answer<typeof client.admin.tickets.$get>["items"][number];

/** GET /api/admin/tickets: every ticket, searched, filtered and paged. */
export const useAdminTickets = (params: ListParams<typeof client.admin.tickets.$get>) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "tickets", params],
    queryFn: () => call(client.admin.tickets.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
