/** The root of the artist's release queries, for invalidating them together. */
export const releaseKeys = { all: ["releases"] as const };

/** While a quality check is waiting or running, detail views look again every two seconds. */
export function qualityInProgress(status: string | undefined): boolean {
  return status === "pending" || status === "running";
}
