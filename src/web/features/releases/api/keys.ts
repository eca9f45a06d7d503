import { useQueryClient } from "@tanstack/react-query";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";

/** The root of the artist's release queries, for invalidating them together. */
export const releaseKeys = { all: ["releases"] as const };

/** While a quality check is waiting or running, detail views look again every two seconds. */
export function qualityInProgress(status: string | undefined): boolean {
  return status === "pending" || status === "running";
}

/** After the artist changes a release: lists, details and the dashboard all show releases. */
export function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT }),
    ]);
}
