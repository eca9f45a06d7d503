export const RELEASE_STATUSES = ["pending_review", "live", "rejected", "taken_down"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  pending_review: "Pending",
  live: "Live",
  rejected: "Rejected",
  taken_down: "Taken Down",
};

export const RELEASE_TYPES = ["single", "ep", "album", "compilation"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  single: "Single",
  ep: "EP",
  album: "Album",
  compilation: "Compilation",
};

/** Unknown statuses are shown raw (spec §4). */
export function releaseStatusLabel(status: string): string {
  return (RELEASE_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Unknown types fall back to Single (spec §3). */
export function releaseTypeLabel(type: string): string {
  return (RELEASE_TYPE_LABELS as Record<string, string>)[type] ?? RELEASE_TYPE_LABELS.single;
}
