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

export const PAYMENT_MESSAGES = {
  badSignature: "This webhook's signature does not match.",
  malformed: "This webhook could not be read.",
  missingEventId: "This webhook has no event id.",
} as const;
