import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminSummary = Answer<typeof client.admin.summary.$get>;

/** GET /api/admin/summary: totals, the system's checks and the newest activity. */
export const summaryQueryOptions = queryOptions({
  queryKey: [...ADMIN_ROOT, "summary"],
  queryFn: () => call(client.admin.summary.$get()),
});
export const useAdminSummary = () => useQuery(summaryQueryOptions);
