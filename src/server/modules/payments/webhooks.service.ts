// Webhooks from the payment gateway: verified over the raw body before anything is parsed, stored
// once by the gateway's event id (a replay does nothing), and applied under row locks: subscription
// events move the gateway subscription's state, a captured charge or a paid order is confirmed
// (charges.ts), a failed payment closes its checkout, a halted subscription lapses the plan.

import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { t } from "#domain/i18n";
import {
  applyEvent,
  type GatewaySubscriptionStatus,
  PAYMENT_MESSAGES,
  PAYWALL_MESSAGES,
  SUBSCRIPTION_EVENTS,
  type SubscriptionEvent,
} from "#domain/payments";
import type { AppDeps } from "#server/context";
import type { Db, Tx } from "#server/db/client";
import { gatewaySubscriptions, paymentEvents } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { Payments } from "#server/lib/payment-gateway";
import { type NoticeToUser, notifyUser } from "#server/modules/notifications";
import { rebuildLedger } from "#server/modules/royalties";
import { type ChargeOutcome, confirmCharge, failCheckout, lapsePlan } from "./charges";
import { isGenuineWebhook } from "./signatures";

/** The parts of a Razorpay webhook we act on (it carries much more). */
const webhookSchema = z.object({
  event: z.string().max(100),
  created_at: z.number().int().positive(),
  payload: z.object({
    subscription: z.object({ entity: z.object({ id: z.string().min(1).max(100) }) }).optional(),
    order: z.object({ entity: z.object({ id: z.string().min(1).max(100) }) }).optional(),
    payment: z
      .object({
        entity: z.object({
          id: z.string().min(1).max(100),
          amount: z.number().int().positive().max(100_000_000),
          currency: z.literal("INR"),
          method: z.string().max(50).nullish(),
          status: z.string().max(50),
          order_id: z.string().max(100).nullish(),
          error_description: z.string().max(500).nullish(),
          notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
        }),
      })
      .optional(),
  }),
});
type Webhook = z.infer<typeof webhookSchema>;

export interface WebhookRequest {
  raw: string;
  signature: string | undefined;
  eventId: string | undefined;
}

export type WebhookDeps = Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db; payments: Payments };

/** What happened, for the work done after the transaction commits. */
interface Applied {
  outcome: string;
  /** The plan changed: this month's share is rebuilt. */
  planChangedFor?: string;
  /** Gateway subscriptions an upgrade replaced, to cancel at the gateway. */
  cancelRefs?: string[];
  notice?: Omit<NoticeToUser, "kind">;
}

/** Receives one webhook; answers whether it was new and what it did. Refusals change nothing. */
export async function receiveWebhook(deps: WebhookDeps, request: WebhookRequest) {
  const gateway = deps.payments.gateway;
  if (!isGenuineWebhook(request.raw, request.signature, gateway.webhookSecret)) {
    throw new DomainError("unauthenticated", "BAD_SIGNATURE", PAYMENT_MESSAGES.badSignature);
  }
  const eventId = request.eventId?.trim();
  if (!eventId || eventId.length > 100)
    throw new DomainError("invalid", "NO_EVENT_ID", PAYMENT_MESSAGES.missingEventId);
  let body: unknown;
  try {
    body = JSON.parse(request.raw);
  } catch {
    throw new DomainError("invalid", "MALFORMED", PAYMENT_MESSAGES.malformed);
  }
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw new DomainError("invalid", "MALFORMED", PAYMENT_MESSAGES.malformed);
  const event = parsed.data;

  const result = await deps.db.transaction(async (tx): Promise<Applied & { duplicate: boolean }> => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: eventId, gateway: gateway.name, type: event.event, outcome: "received", payload: body as object })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { duplicate: true, outcome: "duplicate" };
    const applied = await applyWebhook(tx, deps.payments, event);
    await tx.update(paymentEvents).set({ outcome: applied.outcome }).where(eq(paymentEvents.id, eventId));
    return { duplicate: false, ...applied };
  });
  await afterCommit(deps, result);
  return { duplicate: result.duplicate, outcome: result.outcome };
}

/** Work that must not roll back the payment if it fails: the ledger, the gateway, the e-mail. */
export async function afterCommit(deps: WebhookDeps, applied: Applied) {
  // The share of this month's earnings follows the plan now in force.
  if (applied.planChangedFor) await rebuildLedger(deps.db, [applied.planChangedFor]);
  for (const ref of applied.cancelRefs ?? []) {
    try {
      await deps.payments.gateway.cancelSubscription(ref, false);
    } catch (err) {
      deps.logger.error({ err, subscription: ref }, "could not cancel the replaced subscription at the gateway");
    }
  }
  if (applied.notice) await notifyUser(deps, { ...applied.notice, kind: "payment" });
}

/** A value the payment's notes carry (Razorpay sends notes as an object, or `[]` when there are none). */
const noteOf = (notes: unknown, key: string) =>
  notes &&
  typeof notes === "object" &&
  !Array.isArray(notes) &&
  typeof (notes as Record<string, unknown>)[key] === "string"
    ? ((notes as Record<string, unknown>)[key] as string)
    : undefined;

export function chargeApplied(result: ChargeOutcome): Applied {
  // A superseded checkout's subscription must not renew either: it is cancelled at the gateway.
  if (result.outcome === "superseded") return { outcome: result.outcome, cancelRefs: result.cancelRefs };
  if (result.outcome !== "applied") return { outcome: result.outcome };
  return {
    outcome: "applied",
    planChangedFor: result.userId,
    cancelRefs: result.cancelRefs,
    notice: {
      userId: result.userId,
      title: () => t("paywall.receivedTitle"),
      body: () => t("paywall.received"),
      link: "/app/subscriptions",
    },
  };
}

async function applyWebhook(tx: Tx, payments: Payments, event: Webhook): Promise<Applied> {
  const gateway = payments.gateway.name;
  const payment = event.payload.payment?.entity;
  if (event.event === "payment.failed" && payment) {
    const userId = await failCheckout(
      tx,
      gateway,
      { checkoutId: noteOf(payment.notes, "checkout_id"), orderRef: payment.order_id ?? undefined },
      payment.error_description
        ? `${PAYMENT_MESSAGES.paymentFailed} (${payment.error_description})`
        : PAYMENT_MESSAGES.paymentFailed,
    );
    return { outcome: userId ? "applied" : "ignored" };
  }
  if ((event.event === "order.paid" || event.event === "payment.captured") && payment?.status === "captured") {
    const orderRef = event.payload.order?.entity.id ?? payment.order_id ?? undefined;
    if (!orderRef) return { outcome: "ignored" };
    const result = await confirmCharge(tx, payments.seller, {
      gateway,
      payment: { id: payment.id, amountPaise: payment.amount, method: payment.method ?? null },
      orderRef,
      checkoutId: noteOf(payment.notes, "checkout_id"),
    });
    return chargeApplied(result);
  }
  if (!(SUBSCRIPTION_EVENTS as readonly string[]).includes(event.event)) return { outcome: "ignored" };
  const subscriptionId = event.payload.subscription?.entity.id;
  if (!subscriptionId) return { outcome: "ignored" };
  const [row] = await tx
    .select()
    .from(gatewaySubscriptions)
    .where(eq(gatewaySubscriptions.gatewaySubscriptionId, subscriptionId))
    .for("update");
  if (!row || row.gateway !== gateway) return { outcome: "unknown_subscription" };

  const type = event.event as SubscriptionEvent;
  const before = row.status as GatewaySubscriptionStatus;
  const transition = applyEvent(
    { status: before, lastEventAt: row.lastEventAt ? Math.floor(row.lastEventAt.getTime() / 1000) : null },
    { type, at: event.created_at },
  );
  if (!transition.applied) return { outcome: transition.reason };
  await tx
    .update(gatewaySubscriptions)
    .set({ status: transition.status, lastEventAt: new Date(event.created_at * 1000) })
    .where(eq(gatewaySubscriptions.id, row.id));

  // The paid plan is in force from a confirmed charge (never from the click).
  if (type === "subscription.charged" && payment?.status === "captured") {
    const result = await confirmCharge(tx, payments.seller, {
      gateway,
      payment: { id: payment.id, amountPaise: payment.amount, method: payment.method ?? null },
      subscriptionRef: subscriptionId,
      checkoutId: noteOf(payment.notes, "checkout_id"),
    });
    return chargeApplied(result);
  }
  if (type === "subscription.halted") {
    const userId = await lapsePlan(tx, subscriptionId);
    if (userId) {
      return {
        outcome: "applied",
        planChangedFor: userId,
        notice: {
          userId,
          title: () => PAYWALL_MESSAGES.lapsedTitle,
          body: () => `${t("paywall.haltedRetries")} ${PAYWALL_MESSAGES.lapsed}`,
          link: "/app/subscriptions",
        },
      };
    }
  }
  if (type === "subscription.pending") {
    return {
      outcome: "applied",
      notice: {
        userId: row.userId,
        title: () => t("paywall.renewalFailedTitle"),
        body: () => t("paywall.renewalFailed"),
        link: "/app/subscriptions",
      },
    };
  }
  return { outcome: "applied" };
}
