import { useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** GET /api/admin/search: a few users, releases and tickets matching the text. */
export const useAdminSearch = (q: string) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "search", q],
    queryFn: () => call(client.admin.search.$get({ query: { q } })),
    enabled: q.trim().length > 0,
  });
