import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type StoreReport = Answer<typeof client.admin.reports.$get>["reports"][number];

/** GET /api/admin/reports: the newest reports, polled while an import runs so the admin sees its progress. */
export const useStoreReports = () =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "reports"],
    queryFn: () => call(client.admin.reports.$get()).then((r) => r.reports),
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === "queued" || r.status === "running") ? 1000 : false,
  });
