// Webhooks from the payment gateway: verified over the raw body before anything is parsed, stored
// once by the gateway's event id (a replay does nothing), and applied to the gateway subscription's
// state under a row lock. A confirmed charge puts the paid plan in force.
import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import {
  applyEvent,
  type GatewaySubscriptionStatus,
  PAYMENT_MESSAGES,
  SUBSCRIPTION_EVENTS,
  type SubscriptionEvent,
} from "#domain/payments";
import type { PlanId } from "#domain/plans";
import type { Db, Tx } from "#server/db/client";
import { gatewaySubscriptions, paymentEvents, payments } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { rebuildLedger } from "#server/modules/reports";
import { currentSubscription, startPlanToday } from "#server/modules/subscriptions";
import { isGenuineWebhook } from "./signatures";

/** The parts of a Razorpay webhook we act on (it carries much more). */
const webhookSchema = z.object({
  event: z.string().max(100),
  created_at: z.number().int().positive(),
  payload: z.object({
    subscription: z.object({ entity: z.object({ id: z.string().min(1).max(100) }) }).optional(),
    payment: z
      .object({
        entity: z.object({
          id: z.string().min(1).max(100),
          amount: z.number().int().positive(),
          currency: z.literal("INR"),
          method: z.string().max(50).nullish(),
          status: z.string().max(50),
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

/** Receives one webhook; answers whether it was new and what it did. Refusals change nothing. */
export async function receiveWebhook(deps: { db: Db; secret: string; gateway: string }, request: WebhookRequest) {
  if (!isGenuineWebhook(request.raw, request.signature, deps.secret)) {
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

  const result = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: eventId, gateway: deps.gateway, type: event.event, outcome: "received", payload: body as object })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { duplicate: true, outcome: "duplicate", userId: null };
    const { outcome, userId } = await applyWebhook(tx, deps.gateway, event);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, eventId));
    return { duplicate: false, outcome, userId };
  });
  // The share of this month's earnings follows the plan now in force.
  if (result.userId) await rebuildLedger(deps.db, [result.userId]);
  return { duplicate: result.duplicate, outcome: result.outcome };
}

async function applyWebhook(
  tx: Tx,
  gateway: string,
  event: Webhook,
): Promise<{ outcome: string; userId: string | null }> {
  if (!(SUBSCRIPTION_EVENTS as readonly string[]).includes(event.event)) return { outcome: "ignored", userId: null };
  const subscriptionId = event.payload.subscription?.entity.id;
  if (!subscriptionId) return { outcome: "ignored", userId: null };
  const [row] = await tx
    .select()
    .from(gatewaySubscriptions)
    .where(eq(gatewaySubscriptions.gatewaySubscriptionId, subscriptionId))
    .for("update");
  if (!row || row.gateway !== gateway) return { outcome: "unknown_subscription", userId: null };

  const type = event.event as SubscriptionEvent;
  const before = row.status as GatewaySubscriptionStatus;
  const transition = applyEvent(
    { status: before, lastEventAt: row.lastEventAt ? Math.floor(row.lastEventAt.getTime() / 1000) : null },
    { type, at: event.created_at },
  );
  if (!transition.applied) return { outcome: transition.reason, userId: null };
  await tx
    .update(gatewaySubscriptions)
    .set({ status: transition.status, lastEventAt: new Date(event.created_at * 1000) })
    .where(eq(gatewaySubscriptions.id, row.id));

  const payment = event.payload.payment?.entity;
  let charged = false;
  if (type === "subscription.charged" && payment?.status === "captured") {
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId: row.userId,
        gateway,
        gatewayPaymentId: payment.id,
        gatewaySubscriptionId: subscriptionId,
        amountPaise: payment.amount,
        method: payment.method ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    charged = Boolean(inserted);
  }
  // The paid plan is in force from the first confirmed charge (never from the click).
  if (charged && transition.status === "active") {
    const current = await currentSubscription(tx, row.userId);
    if (current?.planId !== row.planId || current.cancelAtPeriodEnd) {
      await startPlanToday(tx, row.userId, row.planId as PlanId, current);
    }
    return { outcome: "applied", userId: row.userId };
  }
  return { outcome: "applied", userId: null };
}
