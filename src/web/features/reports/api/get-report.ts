import { useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** GET /api/admin/reports/:id: one report with the rows it refused. */
export const useStoreReport = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "report", id],
    queryFn: () => call(client.admin.reports[":id"].$get({ param: { id: id ?? "" } })).then((r) => r.report),
    enabled: Boolean(id),
  });
