import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { compact, type ListParams } from "#web/lib/list-params";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** GET /api/admin/releases: every release, searched, filtered and paged. */
export const useAdminReleases = (params: ListParams<typeof client.admin.releases.$get>) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "releases", params],
    queryFn: () => call(client.admin.releases.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
