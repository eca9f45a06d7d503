import { releaseStatusLabel } from "#domain/releases";
import { Badge } from "#web/components/ui/badge";

const TONE = { pending_review: "warning", live: "success", rejected: "danger", taken_down: "neutral" } as const;

export function ReleaseStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status as keyof typeof TONE] ?? "neutral"}>{releaseStatusLabel(status)}</Badge>;
}
