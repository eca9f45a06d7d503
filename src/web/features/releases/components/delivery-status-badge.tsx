import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#domain/deliveries";
import { Badge } from "#web/components/ui/badge";

const TONE: Record<DeliveryStatus, "neutral" | "success" | "warning" | "danger" | "info"> = {
  awaiting_payment: "warning",
  queued: "neutral",
  sending: "info",
  sent: "success",
  acknowledged: "success",
  rejected: "danger",
  failed: "danger",
  paused: "warning",
  cancelled: "neutral",
};

/** One delivery's status, as admins see it. */
export function DeliveryStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONE[status as DeliveryStatus] ?? "neutral"}>
      {(DELIVERY_STATUS_LABELS as Record<string, string>)[status] ?? status}
    </Badge>
  );
}
