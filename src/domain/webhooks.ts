/**
 * Signed webhooks out (issue 38): a workspace registers its own endpoints with the events it wants;
 * each event is sent as a Standard Webhooks message (webhook-id, webhook-timestamp, webhook-signature),
 * retried with backoff on the job queue, and logged with its attempts and the endpoint's answer.
 */
import { z } from "zod";
import { labelsAt, t } from "./i18n";

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

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = labelsAt("webhook.event", WEBHOOK_EVENTS);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = labelsAt(
  "webhook.status",
  WEBHOOK_DELIVERY_STATUSES,
);

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
    .min(1, { error: () => t("webhook.msg.urlRequired") })
    .max(500, { error: () => t("webhook.msg.urlLong") })
    .url({ error: () => t("webhook.msg.urlFull") })
    .refine((u) => /^https?:\/\//i.test(u), { error: () => t("webhook.msg.urlScheme") }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: () => t("webhook.msg.eventList") }))
    .min(1, { error: () => t("webhook.msg.eventNone") })
    .transform((e) => [...new Set(e)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_MESSAGES = Object.assign(
  labelsAt("webhook.msg", [
    "notFound",
    "deliveryNotFound",
    "privateAddress",
    "credentials",
    "plan",
    "created",
    "rotated",
    "removed",
    "resent",
    "testQueued",
    "secretOnce",
  ]),
  {
    get tooMany() {
      return t("webhook.msg.tooMany", { max: WEBHOOK_ENDPOINTS_MAX });
    },
  },
);
