// What a confirmed payment does, whichever way the confirmation came (a verified webhook or a verified
// browser checkout): it is recorded once (by the gateway's payment id), puts the plan in force or
// pays for one release, queues the deliveries that waited for it, and gets its GST invoice, all in the
// caller's transaction.
import { and, eq, inArray, ne, or } from "drizzle-orm";
import { oneYearAfter, todayIst } from "#domain/clock";
import { formatInr } from "#domain/money";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLANS, type PlanId } from "#domain/plans";
import type { Tx } from "#server/db/client";
import { checkouts, gatewaySubscriptions, payments, releases, subscriptions } from "#server/db/schema";
import { recordAudit } from "#server/lib/audit-log";
import type { GatewayPayment, SellerConfig } from "#server/lib/payment-gateway";
import { releaseAwaitingDeliveries } from "#server/modules/delivery";
import { currentSubscription, startPlanToday } from "#server/modules/subscriptions";
import { issueInvoice } from "./invoices";

export interface Charge {
  gateway: string;
  payment: Pick<GatewayPayment, "id" | "amountPaise" | "method">;
  subscriptionRef?: string;
  orderRef?: string;
  /** Our checkout's id, when the gateway carried it in the payment's notes. */
  checkoutId?: string;
}

export type ChargeOutcome =
  | { outcome: "applied"; userId: string; cancelRefs: string[]; paymentId: string }
  | {
      outcome: "duplicate" | "unknown" | "amount_mismatch" | "superseded";
      userId: string | null;
      cancelRefs: string[];
    };

type CheckoutRow = typeof checkouts.$inferSelect;

async function findCheckout(tx: Tx, charge: Charge): Promise<CheckoutRow | null> {
  const refs = [charge.subscriptionRef, charge.orderRef].filter((r): r is string => Boolean(r));
  const byRef = refs.length ? inArray(checkouts.gatewayRef, refs) : undefined;
  const byId =
    charge.checkoutId && /^[0-9a-f-]{36}$/i.test(charge.checkoutId) ? eq(checkouts.id, charge.checkoutId) : undefined;
  const where = byRef && byId ? or(byRef, byId) : (byRef ?? byId);
  if (!where) return null;
  const [row] = await tx
    .select()
    .from(checkouts)
    .where(and(where, eq(checkouts.gateway, charge.gateway)))
    .for("update");
  return row ?? null;
}

export async function confirmCharge(tx: Tx, seller: SellerConfig, charge: Charge): Promise<ChargeOutcome> {
  const checkout = await findCheckout(tx, charge);
  const firstCharge = checkout && checkout.status !== "paid" ? checkout : null;
  const [sub] = charge.subscriptionRef
    ? await tx
        .select()
        .from(gatewaySubscriptions)
        .where(eq(gatewaySubscriptions.gatewaySubscriptionId, charge.subscriptionRef))
        .for("update")
    : [];
  const userId = firstCharge?.userId ?? sub?.userId ?? null;
  if (!userId) return { outcome: "unknown", userId: null, cancelRefs: [] };

  // What this payment buys, and what it must cost: always our catalogue (less a recorded credit).
  const purpose = firstCharge?.purpose ?? "plan";
  const planId = (firstCharge?.planId ?? sub?.scheduledPlanId ?? sub?.planId) as PlanId | undefined;
  if (!planId) return { outcome: "unknown", userId, cancelRefs: [] };
  const expected = firstCharge ? firstCharge.amountPaise : PLANS[planId].pricePaise;

  const [paid] = await tx
    .insert(payments)
    .values({
      userId,
      gateway: charge.gateway,
      gatewayPaymentId: charge.payment.id,
      gatewaySubscriptionId: charge.subscriptionRef ?? null,
      amountPaise: charge.payment.amountPaise,
      method: charge.payment.method ?? null,
      checkoutId: firstCharge?.id ?? null,
      planId,
      releaseId: firstCharge?.releaseId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!paid) return { outcome: "duplicate", userId, cancelRefs: [] };
  // Money arrived that does not match what we asked for: recorded (an admin can refund it), not acted on.
  if (charge.payment.amountPaise !== expected) return { outcome: "amount_mismatch", userId, cancelRefs: [] };
  // A checkout replaced since it was opened (its price and credit were for a plan the account no longer
  // has): recorded for a refund, never moving the account to it.
  if (firstCharge?.status === "superseded") {
    const refs = purpose === "plan" && charge.subscriptionRef ? [charge.subscriptionRef] : [];
    return { outcome: "superseded", userId, cancelRefs: refs };
  }

  const today = todayIst();
  // The gateway confirmed the money: no person acted at this moment.
  const paidBy = { id: null, name: `Payment ${charge.payment.id} (${charge.gateway})` };
  let description: string;
  let cancelRefs: string[] = [];
  if (purpose === "release" && firstCharge?.releaseId) {
    const [release] = await tx
      .select({ title: releases.title })
      .from(releases)
      .where(eq(releases.id, firstCharge.releaseId));
    description = `${PLANS.introductory.name}: "${release?.title ?? "release"}", one track for one year`;
    await releaseAwaitingDeliveries(tx, { releaseId: firstCharge.releaseId });
  } else {
    const plan = PLANS[planId];
    const current = await currentSubscription(tx, userId, today);
    const renewal = !firstCharge && current?.kind === "paid" && current.planId === planId;
    if (renewal && current) {
      const endDate = oneYearAfter(current.endDate);
      await tx
        .update(subscriptions)
        .set({
          endDate,
          status: "active",
          paymentId: paid.id,
          reminder7SentAt: null,
          reminder1SentAt: null,
          cancelAtPeriodEnd: false,
        })
        .where(eq(subscriptions.id, current.id));
      description = `${plan.name} plan, renewal for one year (to ${endDate})`;
      await recordAudit(tx, {
        workspaceId: userId,
        actor: paidBy,
        kind: "plan",
        action: "renewed",
        subjectId: current.id,
        summary: ["audit.s.planRenewed", { plan: plan.name, date: endDate }],
        before: { endDate: current.endDate },
        after: { endDate },
      });
    } else {
      await startPlanToday(tx, userId, planId, current, { kind: "paid", paymentId: paid.id }, paidBy, today);
      const credit = firstCharge?.creditPaise ?? 0;
      description = `${plan.name} plan, one year from ${today}${credit ? ` (less a credit of ${formatInr(credit, { decimals: true })} for the unused part of the previous plan)` : ""}`;
    }
    if (sub) {
      await tx
        .update(gatewaySubscriptions)
        .set({ planId, scheduledPlanId: null, paymentMethod: charge.payment.method ?? sub.paymentMethod })
        .where(eq(gatewaySubscriptions.id, sub.id));
    }
    if (firstCharge && charge.subscriptionRef) {
      // An upgrade replaces the subscription it upgrades: the old one is cancelled at the gateway.
      const older = await tx
        .update(gatewaySubscriptions)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(gatewaySubscriptions.userId, userId),
            ne(gatewaySubscriptions.gatewaySubscriptionId, charge.subscriptionRef),
            inArray(gatewaySubscriptions.status, ["authenticated", "active", "pending", "halted"]),
          ),
        )
        .returning({ ref: gatewaySubscriptions.gatewaySubscriptionId });
      cancelRefs = older.map((o) => o.ref);
    }
    await releaseAwaitingDeliveries(tx, { userId });
  }
  if (firstCharge) {
    await tx.update(checkouts).set({ status: "paid", failureReason: null }).where(eq(checkouts.id, firstCharge.id));
    // What was quoted before this payment no longer holds: the account's other open checkouts close.
    if (purpose === "plan") await supersedeOpenCheckouts(tx, userId, firstCharge.id);
  }
  const billing = firstCharge ?? (await originalCheckout(tx, charge.subscriptionRef));
  await issueInvoice(tx, seller, {
    paymentId: paid.id,
    userId,
    totalPaise: charge.payment.amountPaise,
    description,
    billing: {
      name: billing?.billingName ?? "",
      state: billing?.billingState ?? seller.state,
      gstin: billing?.gstin ?? null,
    },
  });
  return { outcome: "applied", userId, cancelRefs, paymentId: paid.id };
}

/** Closes the account's open plan checkouts other than `keep`: one open checkout per account. */
export async function supersedeOpenCheckouts(tx: Pick<Tx, "update">, userId: string, keep?: string) {
  await tx
    .update(checkouts)
    .set({ status: "superseded", failureReason: PAYMENT_MESSAGES.checkoutSuperseded })
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.purpose, "plan"),
        eq(checkouts.status, "open"),
        keep ? ne(checkouts.id, keep) : undefined,
      ),
    );
}

/** A renewal's billing details are those given at the subscription's checkout. */
async function originalCheckout(tx: Tx, subscriptionRef: string | undefined) {
  if (!subscriptionRef) return null;
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.gatewayRef, subscriptionRef));
  return row ?? null;
}

/** A failed payment closes its checkout with the reason; nothing else changes. */
export async function failCheckout(
  tx: Tx,
  gateway: string,
  ref: { checkoutId?: string; orderRef?: string },
  reason: string,
) {
  const row = await findCheckout(tx, { gateway, payment: { id: "", amountPaise: 0, method: null }, ...ref });
  if (row?.status !== "open") return null;
  await tx.update(checkouts).set({ status: "failed", failureReason: reason }).where(eq(checkouts.id, row.id));
  return row.userId;
}

/** A halted subscription: the plan period it paid for stops counting as paid (live releases stay live). */
export async function lapsePlan(tx: Tx, subscriptionRef: string) {
  const rows = await tx
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(and(eq(payments.gatewaySubscriptionId, subscriptionRef), eq(subscriptions.status, "active")));
  for (const row of rows)
    await tx.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.id, row.id));
  return rows[0]?.userId ?? null;
}
