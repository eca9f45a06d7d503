/** Getting a release to stores: what each store was sent and where it stands. */
/** insert: the release; update: its metadata changed after delivery (same identifiers); takedown: deals ended. */
export const DELIVERY_KINDS = ["insert", "update", "takedown"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  insert: "Release",
  update: "Update",
  takedown: "Takedown",
};

export const DELIVERY_STATUSES = [
  "awaiting_payment",
  "queued",
  "sending",
  "sent",
  "acknowledged",
  "rejected",
  "failed",
  "cancelled",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  awaiting_payment: "Waiting for payment",
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  acknowledged: "Accepted",
  rejected: "Rejected by the store",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const TRANSPORTS = ["folder", "sftp"] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/** Attempts before a delivery is left failed for an admin to retry. */
export const DELIVERY_MAX_ATTEMPTS = 5;

/** Seconds to wait before attempt `attempt + 1`: 30 s, 2 min, 8 min, 32 min, capped at an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 4 ** Math.max(0, attempt - 1));
}

export function isDelivered(status: string): boolean {
  return status === "sent" || status === "acknowledged";
}

/** "Delivered to 6 of 6 stores", for the artist. */
export function deliverySummary(delivered: number, stores: number): string {
  return `Delivered to ${delivered} of ${stores} ${stores === 1 ? "store" : "stores"}`;
}

export const DELIVERY_MESSAGES = {
  retried: "Delivery queued again",
  notRetryable: "Only a delivery that failed or that the store rejected can be retried.",
  noStores: "No stores are configured, so nothing was delivered.",
} as const;
