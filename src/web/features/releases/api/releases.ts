import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReleaseInput, ReleaseStatus, ReleaseType } from "#domain/releases";
import { type Answer, call, client } from "#web/lib/api-client";

// The server's own shapes (the typed contract).
export type ReleaseDetail = Answer<(typeof client.releases)[":id"]["$get"]>;
export type Release = ReleaseDetail["release"];
export type Track = ReleaseDetail["tracks"][number];
export type QualityReport = ReleaseDetail["quality"];
export type DeliveryState = ReleaseDetail["delivery"];

/** While a quality check is waiting or running, detail views look again every two seconds. */
export function qualityInProgress(status: string | undefined): boolean {
  return status === "pending" || status === "running";
}

export interface ReleaseFilters {
  tab: "all" | "explicit" | "clean";
  status?: ReleaseStatus;
  type?: ReleaseType;
  q?: string;
}

const releasesKey = ["releases"] as const;

export const releasesQueryOptions = (filters: ReleaseFilters) =>
  queryOptions({
    queryKey: [...releasesKey, "list", filters],
    queryFn: () =>
      call(
        client.releases.$get({
          query: { tab: filters.tab, status: filters.status, type: filters.type, q: filters.q || undefined },
        }),
      ).then((r) => r.releases),
  });

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...releasesKey, "detail", id],
    queryFn: () => call(client.releases[":id"].$get({ param: { id } })),
    refetchInterval: (query) => (qualityInProgress(query.state.data?.quality.status) ? 2000 : false),
  });

export function useReleases(filters: ReleaseFilters) {
  return useQuery(releasesQueryOptions(filters));
}

export function useRelease(id: string) {
  return useQuery(releaseQueryOptions(id));
}

function useInvalidateReleases() {
  const queryClient = useQueryClient();
  // Lists, details and the dashboard all show releases.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: releasesKey }),
      queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

export function useCreateRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) => call(client.releases.$post({ json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}

export function useUpdateRelease(id: string) {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) =>
      call(client.releases[":id"].$put({ param: { id }, json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}

export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => call(client.releases[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
