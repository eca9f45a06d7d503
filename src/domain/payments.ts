import { z } from "zod";
import { daysBetween } from "./clock";
import { GSTIN_PATTERN, gstinMatchesState, INDIAN_STATE_NAMES } from "./gst";
import { labelsAt, t } from "./i18n";
import { PLAN_IDS } from "./plans";
import { hasControlCharacters } from "./text";

/**
 * A paid plan's life at the payment gateway (issue 18), as Razorpay Subscriptions run it: created at
 * checkout, authenticated when the mandate (UPI Autopay or card) is set up, active once charged,
 * pending while a failed renewal is retried, halted when the retries are exhausted, and finally
 * cancelled or completed. Webhook events move it; these rules say which moves are real.
 */
export const GATEWAY_SUBSCRIPTION_STATUSES = [
  "created",
  "authenticated",
  "active",
  "pending",
  "halted",
  "cancelled",
  "completed",
] as const;
export type GatewaySubscriptionStatus = (typeof GATEWAY_SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_EVENTS = [
  "subscription.authenticated",
  "subscription.activated",
  "subscription.charged",
  "subscription.pending",
  "subscription.halted",
  "subscription.resumed",
  "subscription.cancelled",
  "subscription.completed",
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** Where each event may come from, and where it leads. */
const TRANSITIONS: Record<
  SubscriptionEvent,
  { from: readonly GatewaySubscriptionStatus[]; to: GatewaySubscriptionStatus }
> = {
  "subscription.authenticated": { from: ["created"], to: "authenticated" },
  "subscription.activated": { from: ["created", "authenticated", "pending", "halted"], to: "active" },
  // A successful charge: the first one, a renewal, or the retry that ends a pending or halted spell.
  "subscription.charged": { from: ["created", "authenticated", "active", "pending", "halted"], to: "active" },
  "subscription.pending": { from: ["active"], to: "pending" },
  "subscription.halted": { from: ["active", "pending"], to: "halted" },
  "subscription.resumed": { from: ["halted"], to: "active" },
  "subscription.cancelled": { from: ["created", "authenticated", "active", "pending", "halted"], to: "cancelled" },
  "subscription.completed": { from: ["active"], to: "completed" },
};

export type Transition =
  | { applied: true; status: GatewaySubscriptionStatus }
  | { applied: false; status: GatewaySubscriptionStatus; reason: "stale" | "not_allowed" | "terminal" };

export function isTerminal(status: GatewaySubscriptionStatus): boolean {
  return status === "cancelled" || status === "completed";
}

/**
 * The status after an event, or why the event changes nothing: it is older than the last one applied
 * (webhooks arrive out of order), the subscription has ended, or the move is not one the gateway makes.
 * An event that changes nothing is still acknowledged to the gateway; it is simply not acted on.
 */
export function applyEvent(
  current: { status: GatewaySubscriptionStatus; lastEventAt: number | null },
  event: { type: SubscriptionEvent; at: number },
): Transition {
  if (current.lastEventAt !== null && event.at < current.lastEventAt) {
    return { applied: false, status: current.status, reason: "stale" };
  }
  if (isTerminal(current.status)) return { applied: false, status: current.status, reason: "terminal" };
  const rule = TRANSITIONS[event.type];
  if (!rule.from.includes(current.status)) return { applied: false, status: current.status, reason: "not_allowed" };
  return { applied: true, status: rule.to };
}

/** Whether the plan counts as paid: deliveries and plan features wait otherwise (live releases stay live). */
export function isPaidUp(status: GatewaySubscriptionStatus): boolean {
  return status === "active" || status === "pending";
}

export const PAYMENT_MESSAGES = Object.assign(
  labelsAt("payment.msg", [
    "badSignature",
    "malformed",
    "missingEventId",
    "badCheckoutSignature",
    "checkoutNotFound",
    "checkoutClosed",
    "checkoutSuperseded",
    "paymentFailed",
    "introductoryNeedsRelease",
    "introductoryOneTrack",
    "releaseAlreadyPaid",
    "notYourRelease",
    "gstinState",
    "refundTooLarge",
    "refundReason",
    "complimentaryReason",
    "complimentaryEmail",
    "retryUnsupported",
  ]),
  {
    downgradeScheduled: (planName: string, date: string) => t("payment.msg.downgradeScheduled", { planName, date }),
    complimentaryNoUser: (email: string) => t("payment.msg.complimentaryNoUser", { email }),
  },
);

/** How a plan period came about: a confirmed payment, or an admin's gift (with a reason). */
export const SUBSCRIPTION_KINDS = ["paid", "complimentary"] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** A checkout is opened for a plan (a yearly subscription) or a release (the Introductory Offer's order). */
export const CHECKOUT_PURPOSES = ["plan", "release"] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];
/**
 * `superseded`: a newer checkout of the same account, or a payment since, replaced it (issue 33: a stale
 * upgrade checkout paid later moved the account back down). It can no longer be paid.
 */
export const CHECKOUT_STATUSES = ["open", "paid", "failed", "superseded"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * Credit for the unused part of a paid plan when upgrading mid-year: what was paid, times the days
 * left over the period's days, rounded down to the paisa (the customer is never credited more than
 * they paid, and a complimentary or finished plan earns none).
 */
export function unusedCreditPaise(
  period: { amountPaidPaise: number; startDate: string; endDate: string },
  today: string,
): number {
  const total = daysBetween(period.startDate, period.endDate);
  const left = Math.min(total, Math.max(0, daysBetween(today, period.endDate)));
  if (total <= 0 || left <= 0 || period.amountPaidPaise <= 0) return 0;
  return Math.floor((period.amountPaidPaise * left) / total);
}

/** Razorpay's smallest charge is ₹1: an upgrade never charges less. */
export const MINIMUM_CHARGE_PAISE = 100;

/** What an upgrade charges now: the new plan's price less the credit, at least the minimum charge. */
export function upgradeChargePaise(pricePaise: number, creditPaise: number): number {
  return Math.max(MINIMUM_CHARGE_PAISE, pricePaise - creditPaise);
}

/** What the artist is told when deliveries wait, and when a plan lapses. Nothing is taken down. */
export const PAYWALL_MESSAGES = {
  get unpaidTitle() {
    return t("paywall.unpaidTitle");
  },
  get unpaid() {
    return t("paywall.unpaid");
  },
  get releaseWaiting() {
    return t("paywall.releaseWaiting");
  },
  get lapsedTitle() {
    return t("paywall.lapsedTitle");
  },
  get lapsed() {
    return t("paywall.lapsed");
  },
  complimentary: (reason: string) => t("paywall.complimentary", { reason }),
};

export const billingDetailsSchema = z
  .object({
    // One line: a newline in the name added lines to the GST invoice (issue 33).
    billingName: z
      .string()
      .trim()
      .min(1, { error: () => t("checkout.nameRequired") })
      .max(200)
      .refine((v) => !hasControlCharacters(v), { error: () => t("checkout.nameOneLine") }),
    billingState: z.enum(INDIAN_STATE_NAMES, { error: () => t("checkout.stateRequired") }),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .max(15)
      .refine((v) => v === "" || GSTIN_PATTERN.test(v), { error: () => t("checkout.gstinInvalid") })
      .optional()
      .default(""),
  })
  .refine((b) => !b.gstin || gstinMatchesState(b.gstin, b.billingState), {
    path: ["gstin"],
    error: () => t("checkout.gstinState"),
  });
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const startCheckoutSchema = z.object({
  planId: z.enum(PLAN_IDS),
  /** For the Introductory Offer: the single-track release it pays for. */
  releaseId: z.string().uuid().optional(),
  billing: billingDetailsSchema,
});
