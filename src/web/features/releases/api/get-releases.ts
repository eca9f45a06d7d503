import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, client, type Input } from "#web/lib/api-client";
import { qualityInProgress, releaseKeys } from "./keys";

/** The list's filters, as the route declares them (the tab is always chosen on screen). */
export type ReleaseFilters = Omit<Input<typeof client.releases.$get>["query"], "tab" | "limit"> & {
  tab: "all" | "explicit" | "clean";
};

/** GET /api/releases: the artist's releases, newest first. */
export const releasesQueryOptions = (filters: ReleaseFilters) =>
  queryOptions({
    queryKey: [...releaseKeys.all, "list", filters],
    queryFn: () =>
      call(
        client.releases.$get({
          query: { tab: filters.tab, status: filters.status, type: filters.type, q: filters.q || undefined },
        }),
      ).then((r) => r.releases),
    // A card says "Checking files" while its check runs: the list looks again until every check is done.
    refetchInterval: (query) => (query.state.data?.some((r) => qualityInProgress(r.qcStatus)) ? 2000 : false),
  });

export function useReleases(filters: ReleaseFilters) {
  return useQuery(releasesQueryOptions(filters));
}
