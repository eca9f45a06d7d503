import { z } from "zod";
import { labelsAt, t } from "./i18n";

/** Getting a release to stores: what each store was sent and where it stands. */
/** insert: the release; update: its metadata changed after delivery (same identifiers); takedown: deals ended. */
export const DELIVERY_KINDS = ["insert", "update", "takedown"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_KIND_LABELS: Readonly<Record<DeliveryKind, string>> = labelsAt("delivery.kind", DELIVERY_KINDS);

export const DELIVERY_STATUSES = [
  "awaiting_payment",
  "queued",
  "sending",
  "sent",
  "acknowledged",
  "rejected",
  "failed",
  "paused",
  "cancelled",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = labelsAt(
  "delivery.status",
  DELIVERY_STATUSES,
);

export const STORE_LINK_MESSAGES = labelsAt("storeLink.msg", ["notHttps", "unknownStore", "saved"]);

/** An admin's entry of where a release is on a store: an https address. */
export const storeLinkInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, STORE_LINK_MESSAGES.notHttps),
});

export const TRANSPORTS = ["folder", "sftp"] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/**
 * Failed attempts in a row, across its deliveries, after which a store is paused: its deliveries
 * wait (status paused) and admins are alerted, rather than every delivery being retried forever.
 */
export const STORE_PAUSE_AFTER_FAILURES = 10;

/** Delivery statuses an admin has to act on. */
export const ATTENTION_STATUSES = ["failed", "rejected", "paused"] as const;

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
  return t("store.summary.delivered", { delivered, stores });
}

export const DELIVERY_MESSAGES = Object.assign(
  labelsAt("delivery.msg", ["retried", "notRetryable", "notPaused", "unknownStore", "noStores"]),
  {
    resumed: (store: string, count: number) => t("delivery.msg.resumed", { store, count }),
    paused: (store: string, failures: number, error: string) => t("delivery.msg.paused", { store, failures, error }),
  },
);

/**
 * Where a release is at one store, for the artist: derived from the store's latest release or
 * takedown delivery (updates change what a store shows, not whether it has the release), the
 * release date and today's date.
 */
export const STORE_STATES = [
  "not_sent",
  "waiting_payment",
  "sending",
  "delivered",
  "accepted",
  "live",
  "rejected",
  "problem",
  "removing",
  "taken_down",
] as const;
export type StoreState = (typeof STORE_STATES)[number];

export const STORE_STATE_LABELS: Readonly<Record<StoreState, string>> = labelsAt("store.state", STORE_STATES);

export interface DeliveryFacts {
  store: string;
  kind: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  acknowledgedAt: string | null;
  storeMessage: string | null;
}

/** `today` and `releaseDate` are YYYY-MM-DD. */
export function storeStateOf(latest: DeliveryFacts | undefined, releaseDate: string, today: string): StoreState {
  if (!latest) return "not_sent";
  if (latest.kind === "takedown") {
    if (isDelivered(latest.status)) return "taken_down";
    return latest.status === "failed" || latest.status === "rejected" ? "problem" : "removing";
  }
  switch (latest.status) {
    case "awaiting_payment":
      return "waiting_payment";
    case "queued":
    case "sending":
      return "sending";
    case "sent":
      return "delivered";
    case "acknowledged":
      return releaseDate > today ? "accepted" : "live";
    case "rejected":
      return "rejected";
    case "failed":
    case "paused":
      return "problem";
    default:
      return "not_sent";
  }
}

/** Each delivery list's latest release or takedown per store (cancelled ones never happened for the store). */
export function latestPerStore<T extends DeliveryFacts>(list: readonly T[]): Map<string, T> {
  const latest = new Map<string, T>();
  for (const d of list) if (d.status !== "cancelled" && d.kind !== "update") latest.set(d.store, d);
  return latest;
}

/**
 * One line beside the release's status saying where it really is: "Live on 4 of 6 stores" once
 * stores accepted it and the date has come; "Goes live on stores 20 Dec 2026" while it is on its
 * way; else the delivery count.
 */
export function whereaboutsHeadline(
  states: readonly StoreState[],
  releaseDate: string,
  today: string,
  formatDate: (isoDate: string) => string,
): string {
  const count = (...wanted: StoreState[]) => states.filter((s) => wanted.includes(s)).length;
  const n = states.length;
  if (!n) return deliverySummary(0, 0);
  if (count("waiting_payment")) return STORE_STATE_LABELS.waiting_payment;
  if (count("live")) return t("store.summary.live", { live: count("live"), stores: n });
  if (count("taken_down", "removing") === n) return t("store.summary.takenDown");
  if (releaseDate > today && count("sending", "delivered", "accepted"))
    return t("store.summary.goesLive", { date: formatDate(releaseDate) });
  return deliverySummary(count("delivered", "accepted", "live"), n);
}
