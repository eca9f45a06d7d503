/**
 * Signed webhooks out (issue 38): a workspace registers its own endpoints with the events it wants;
 * each event is sent as a Standard Webhooks message (webhook-id, webhook-timestamp, webhook-signature),
 * retried with backoff on the job queue, and logged with its attempts and the endpoint's answer.
 */
import { z } from "zod";

export const WEBHOOK_EVENTS = [
  "release.status_changed",
  "delivery.state_changed",
  "statement.ready",
  "payout.paid",
  "payout.failed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test event", to every endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "release.status_changed": "A release was submitted, approved, rejected or taken down",
  "delivery.state_changed": "A store was sent a release, acknowledged or rejected it, or sending failed",
  "statement.ready": "A month's statement has new earnings from a store report",
  "payout.paid": "A payout was paid",
  "payout.failed": "A payout failed or came back",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
};

/** Attempts per message: at 5 s, 20 s, 80 s, 5 min, 21 min, then an hour apart (the queue's backoff). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long an endpoint has to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** After a rotation the old secret keeps signing beside the new one this long, so receivers can switch. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;
/** Endpoints one workspace may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The part of the endpoint's answer kept in the log. */
export const WEBHOOK_RESPONSE_KEPT = 500;

export const webhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the address that receives the events.")
    .max(500, "At most 500 characters.")
    .url("Enter a full address, e.g. https://example.com/kalrav-events.")
    .refine((u) => /^https?:\/\//i.test(u), "Use an http:// or https:// address."),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: "Choose events from the list." }))
    .min(1, "Choose at least one event.")
    .transform((e) => [...new Set(e)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_MESSAGES = {
  notFound: "Webhook endpoint not found.",
  deliveryNotFound: "Webhook delivery not found.",
  tooMany: `A workspace has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one you no longer use.`,
  privateAddress:
    "This address is private or local: webhooks go only to addresses on the public internet. Use your server's public address.",
  credentials: "Leave the user name and password out of the address: verify our signature instead.",
  plan: "Webhooks come with the Label Plan's API access. Choose it on the Subscription page.",
  created: "Webhook endpoint added",
  rotated: "Secret rotated",
  removed: "Webhook endpoint removed",
  resent: "Sent again",
  testQueued: "Test event queued",
  secretOnce: "Copy this secret now: it is shown only once. Your server verifies our signatures with it.",
} as const;
