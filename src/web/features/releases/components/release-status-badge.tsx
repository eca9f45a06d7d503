import { type ArtistReleaseState, artistReleaseLabel, releaseStatusLabel } from "#domain/releases";
import { Badge } from "#web/components/ui/badge";
import { formatDate } from "#web/lib/format";

const TONE = { pending_review: "warning", live: "success", rejected: "danger", taken_down: "neutral" } as const;

/** The status value, as admins work with it (their table and filters). */
export function ReleaseStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status as keyof typeof TONE] ?? "neutral"}>{releaseStatusLabel(status)}</Badge>;
}

const ARTIST_TONE: Record<ArtistReleaseState, "warning" | "success" | "danger" | "neutral" | "info"> = {
  pending_review: "warning",
  rejected: "danger",
  taken_down: "neutral",
  waiting_payment: "warning",
  approved: "info",
  scheduled: "info",
  live: "success",
};

/** What the artist reads: an approved release follows the stores (Approved, Scheduled, Live, Waiting for payment). */
export function ArtistReleaseBadge({ release }: { release: { artistState: ArtistReleaseState; releaseDate: string } }) {
  return (
    <Badge tone={ARTIST_TONE[release.artistState]}>
      {artistReleaseLabel(release.artistState, release.releaseDate, formatDate)}
    </Badge>
  );
}
