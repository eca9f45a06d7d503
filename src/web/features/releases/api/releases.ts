import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Finding } from "#domain/quality";
import type { ReleaseInput, ReleaseStatus, ReleaseType } from "#domain/releases";
import { api } from "#web/lib/api-client";

export interface Release {
  id: string;
  title: string;
  artistName: string;
  releaseType: string;
  releaseDate: string;
  status: string;
  streams: number;
  isExplicit: boolean;
  genre: string | null;
  upcEan: string | null;
  audioFileUrl: string | null;
  coverArtUrl: string | null;
  submittedAt: string;
  approvedAt: string | null;
  liveAt: string | null;
  adminNotes: string | null;
  qcStatus: string;
  qcBlocking: number;
}

export interface Track {
  id: string;
  position: number;
  title: string;
  audioFileUrl: string | null;
  isrc: string | null;
  isExplicit: boolean;
  featuredArtists: string[];
  durationSeconds: number | null;
}

export interface QualityReport {
  status: string;
  checkedAt: string | null;
  findings: Finding[];
}

export interface DeliveryState {
  delivered: number;
  stores: number;
  summary: string;
}

export interface ReleaseDetail {
  release: Release;
  tracks: Track[];
  quality: QualityReport;
  delivery: DeliveryState;
}

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

export const releasesQueryOptions = (filters: ReleaseFilters) => {
  const params = new URLSearchParams({ tab: filters.tab });
  if (filters.status) params.set("status", filters.status);
  if (filters.type) params.set("type", filters.type);
  if (filters.q) params.set("q", filters.q);
  return queryOptions({
    queryKey: [...releasesKey, "list", filters],
    queryFn: () => api<{ releases: Release[] }>(`/releases?${params}`).then((r) => r.releases),
  });
};

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...releasesKey, "detail", id],
    queryFn: () => api<ReleaseDetail>(`/releases/${encodeURIComponent(id)}`),
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
    mutationFn: (input: ReleaseInput) => api<{ release: Release }>("/releases", { body: input }).then((r) => r.release),
    onSuccess: invalidate,
  });
}

export function useUpdateRelease(id: string) {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) =>
      api<{ release: Release }>(`/releases/${encodeURIComponent(id)}`, { method: "PUT", body: input }).then(
        (r) => r.release,
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api<{ id: string }>(`/releases/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
