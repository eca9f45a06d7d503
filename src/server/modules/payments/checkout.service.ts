// Checkouts: what the artist is asked to pay (always from our catalogue, less an upgrade's credit),
// opened at the gateway as a subscription (plans) or an order (the Introductory Offer for one
// release). The plan changes only when the payment is confirmed, never here.

import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { ARTIST_MESSAGES } from "#domain/artists";
import { oneYearAfter, todayIst } from "#domain/clock";
import { splitInclusive } from "#domain/gst";
import { t } from "#domain/i18n";
import { PAYMENT_MESSAGES, type startCheckoutSchema, unusedCreditPaise, upgradeChargePaise } from "#domain/payments";
import { PLANS, type PlanId, SUBSCRIPTION_PLAN_IDS } from "#domain/plans";
import { SUBSCRIPTION_MESSAGES } from "#domain/subscriptions";
import type { Db } from "#server/db/client";
import {
  checkouts,
  gatewaySubscriptions,
  invoices,
  payments as paymentsTable,
  releases,
  subscriptions,
  tracks,
} from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { Payments } from "#server/lib/payment-gateway";
import { artistProfileCount } from "#server/modules/artists";
import { planStanding } from "#server/modules/subscriptions";
import { confirmCharge, supersedeOpenCheckouts } from "./charges";
import { gatewayCall } from "./gateway-call";
import { afterCommit, chargeApplied, type WebhookDeps } from "./webhooks.service";

export type CheckoutDeps = WebhookDeps;

/** What changing to `planId` costs today: the full price, or an upgrade's price less its credit, or a downgrade at renewal. */
export async function quotePlan(db: Db, payments: Payments, userId: string, planId: PlanId, billingState?: string) {
  const standing = await planStanding(db, userId);
  const current = standing.current;
  const price = PLANS[planId].pricePaise;
  const paidCurrent = standing.paidUp && current?.kind === "paid" ? current : null;
  if (standing.paidUp && current?.planId === planId && !current.cancelAtPeriodEnd) {
    throw new DomainError("conflict", "SAME_PLAN", SUBSCRIPTION_MESSAGES.samePlan);
  }
  const downgrade = paidCurrent && PLANS[paidCurrent.planId as PlanId].pricePaise > price;
  if (downgrade && paidCurrent) {
    return {
      kind: "scheduled" as const,
      planId,
      effectiveOn: paidCurrent.endDate,
      amountPaise: 0,
      creditPaise: 0,
      gst: null,
    };
  }
  const creditPaise =
    paidCurrent && paidCurrent.planId !== planId
      ? unusedCreditPaise(
          { amountPaidPaise: paidCurrent.amountPaise, startDate: paidCurrent.startDate, endDate: paidCurrent.endDate },
          todayIst(),
        )
      : 0;
  const amountPaise = creditPaise ? upgradeChargePaise(price, creditPaise) : price;
  const gst = splitInclusive(amountPaise, {
    ratePercent: payments.seller.gstRatePercent,
    supplierState: payments.seller.state,
    customerState: billingState ?? payments.seller.state,
  });
  return { kind: "charge" as const, planId, effectiveOn: todayIst(), amountPaise, creditPaise, gst };
}

function checkoutDto(row: typeof checkouts.$inferSelect, payments: Payments) {
  const gst = splitInclusive(row.amountPaise, {
    ratePercent: payments.seller.gstRatePercent,
    supplierState: payments.seller.state,
    customerState: row.billingState,
  });
  return {
    id: row.id,
    purpose: row.purpose as "plan" | "release",
    planId: row.planId as PlanId,
    releaseId: row.releaseId,
    amountPaise: row.amountPaise,
    creditPaise: row.creditPaise,
    gst,
    gateway: row.gateway as "razorpay" | "test",
    gatewayRef: row.gatewayRef,
    status: row.status as "open" | "paid" | "failed",
    failureReason: row.failureReason,
    billingName: row.billingName,
    billingState: row.billingState,
    gstin: row.gstin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Opens a checkout. A downgrade opens none: it is scheduled at the gateway for the renewal. Returns
 * what the browser needs to open the gateway's checkout (or the test gateway's page).
 */
export async function startCheckout(deps: CheckoutDeps, userId: string, input: z.output<typeof startCheckoutSchema>) {
  const { db, payments } = deps;
  const gateway = payments.gateway;
  const billing = {
    billingName: input.billing.billingName,
    billingState: input.billing.billingState,
    gstin: input.billing.gstin || null,
  };

  if (input.planId === "introductory") {
    if (!input.releaseId)
      throw new DomainError("invalid", "RELEASE_REQUIRED", PAYMENT_MESSAGES.introductoryNeedsRelease);
    const [release] = await db
      .select({ id: releases.id, title: releases.title })
      .from(releases)
      .where(and(eq(releases.id, input.releaseId), eq(releases.userId, userId)));
    if (!release) throw new DomainError("not_found", "NOT_FOUND", PAYMENT_MESSAGES.notYourRelease);
    const [trackCount] = await db.select({ n: count() }).from(tracks).where(eq(tracks.releaseId, release.id));
    if ((trackCount?.n ?? 0) > 1)
      throw new DomainError("conflict", "NOT_SINGLE", PAYMENT_MESSAGES.introductoryOneTrack);
    const [already] = await db
      .select({ id: paymentsTable.id })
      .from(paymentsTable)
      .where(eq(paymentsTable.releaseId, release.id))
      .limit(1);
    if (already || (await planStanding(db, userId)).paidUp) {
      throw new DomainError("conflict", "ALREADY_PAID", PAYMENT_MESSAGES.releaseAlreadyPaid);
    }
    const amountPaise = PLANS.introductory.pricePaise;
    const order = await gatewayCall(() =>
      gateway.createOrder({
        amountPaise,
        receipt: `rel_${release.id.slice(0, 30)}`,
        notes: { kalrav_user: userId, kalrav_release: release.id },
      }),
    );
    const [row] = await db
      .insert(checkouts)
      .values({
        userId,
        purpose: "release",
        planId: "introductory",
        releaseId: release.id,
        amountPaise,
        gateway: gateway.name,
        gatewayRef: order.id,
        ...billing,
      })
      .returning();
    if (!row) throw new Error("checkout insert returned nothing");
    return { scheduled: null, checkout: checkoutDto(row, payments), keyId: gateway.publicKey };
  }

  if (!(SUBSCRIPTION_PLAN_IDS as readonly string[]).includes(input.planId)) {
    throw new DomainError("invalid", "UNKNOWN_PLAN", t("server.choosePlan"));
  }
  // A plan that holds fewer artist profiles than the workspace has: say what must happen first (issue 35).
  const held = await artistProfileCount(db, userId);
  const target = PLANS[input.planId];
  if (held > target.artistProfiles) {
    throw new DomainError(
      "conflict",
      "TOO_MANY_ARTISTS",
      ARTIST_MESSAGES.downgrade(held, target.name, target.artistProfiles),
    );
  }
  const quote = await quotePlan(db, payments, userId, input.planId, input.billing.billingState);
  if (quote.kind === "scheduled")
    return { scheduled: await scheduleDowngrade(deps, userId, input.planId), checkout: null, keyId: null };

  const plan = PLANS[input.planId];
  const sub = await gatewayCall(() =>
    gateway.createSubscription({
      planId: input.planId,
      planName: plan.name,
      pricePaise: plan.pricePaise,
      ...(quote.creditPaise
        ? { upfrontPaise: quote.amountPaise, startAt: new Date(`${oneYearAfter(todayIst())}T06:00:00Z`) }
        : {}),
      notes: { kalrav_user: userId, kalrav_plan: input.planId },
    }),
  );
  const row = await db.transaction(async (tx) => {
    // One open checkout per account: what an older one quoted may no longer hold once this one is paid.
    await supersedeOpenCheckouts(tx, userId);
    await tx
      .insert(gatewaySubscriptions)
      .values({ userId, planId: input.planId, gateway: gateway.name, gatewaySubscriptionId: sub.id });
    const [inserted] = await tx
      .insert(checkouts)
      .values({
        userId,
        purpose: "plan",
        planId: input.planId,
        amountPaise: quote.amountPaise,
        creditPaise: quote.creditPaise,
        gateway: gateway.name,
        gatewayRef: sub.id,
        ...billing,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("checkout insert returned nothing");
  return { scheduled: null, checkout: checkoutDto(row, payments), keyId: gateway.publicKey };
}

/** A downgrade: the gateway moves the subscription to the cheaper plan at its renewal. */
async function scheduleDowngrade(deps: CheckoutDeps, userId: string, planId: PlanId) {
  const [sub] = await deps.db
    .select()
    .from(gatewaySubscriptions)
    .where(and(eq(gatewaySubscriptions.userId, userId), inArray(gatewaySubscriptions.status, ["active", "pending"])))
    .orderBy(desc(gatewaySubscriptions.createdAt))
    .limit(1);
  const standing = await planStanding(deps.db, userId);
  if (!sub || !standing.current)
    throw new DomainError("conflict", "NO_SUBSCRIPTION", SUBSCRIPTION_MESSAGES.nothingToCancel);
  const plan = PLANS[planId];
  await gatewayCall(() =>
    deps.payments.gateway.changePlanAtRenewal(sub.gatewaySubscriptionId, {
      planId,
      planName: plan.name,
      pricePaise: plan.pricePaise,
    }),
  );
  await deps.db
    .update(gatewaySubscriptions)
    .set({ scheduledPlanId: planId, cancelAtCycleEnd: false })
    .where(eq(gatewaySubscriptions.id, sub.id));
  await deps.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false })
    .where(eq(subscriptions.id, standing.current.id));
  return {
    planId,
    effectiveOn: standing.current.endDate,
    message: PAYMENT_MESSAGES.downgradeScheduled(plan.name, standing.current.endDate),
  };
}

export async function checkoutStatus(db: Db, payments: Payments, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
  return checkoutDto(row, payments);
}

/**
 * The browser's checkout result (Razorpay's handler): its signature is verified with the key secret,
 * the payment is read back from the gateway (amounts from there, never from the browser), and
 * confirmed exactly as its webhook would be. Whichever arrives first applies it; the other finds it done.
 */
export async function verifyCheckout(
  deps: CheckoutDeps,
  userId: string,
  id: string,
  result: { paymentId: string; signature: string },
) {
  const checkout = await checkoutStatus(deps.db, deps.payments, userId, id);
  const gateway = deps.payments.gateway;
  const signed =
    checkout.purpose === "plan"
      ? gateway.verifyCheckout({
          kind: "subscription",
          paymentId: result.paymentId,
          subscriptionId: checkout.gatewayRef,
          signature: result.signature,
        })
      : gateway.verifyCheckout({
          kind: "order",
          orderId: checkout.gatewayRef,
          paymentId: result.paymentId,
          signature: result.signature,
        });
  if (!signed) throw new DomainError("invalid", "BAD_SIGNATURE", PAYMENT_MESSAGES.badCheckoutSignature);
  const payment = await gatewayCall(() => gateway.fetchPayment(result.paymentId));
  if (payment.status !== "captured") return checkout;
  const applied = await deps.db.transaction(async (tx) => {
    if (checkout.purpose === "plan") {
      await tx
        .update(gatewaySubscriptions)
        .set({ status: "active" })
        .where(
          and(
            eq(gatewaySubscriptions.gatewaySubscriptionId, checkout.gatewayRef),
            inArray(gatewaySubscriptions.status, ["created", "authenticated"]),
          ),
        );
    }
    return chargeApplied(
      await confirmCharge(tx, deps.payments.seller, {
        gateway: gateway.name,
        payment,
        ...(checkout.purpose === "plan" ? { subscriptionRef: checkout.gatewayRef } : { orderRef: checkout.gatewayRef }),
        checkoutId: checkout.id,
      }),
    );
  });
  await afterCommit(deps, applied);
  return checkoutStatus(deps.db, deps.payments, userId, id);
}

/** Cancel Subscription: the gateway stops renewing; the plan stays in force until its period ends. */
export async function cancelAtCycleEnd(deps: CheckoutDeps, userId: string, actor: AuditActor) {
  const standing = await planStanding(deps.db, userId);
  const current = standing.current;
  if (current?.status !== "active" || current.cancelAtPeriodEnd) {
    throw new DomainError("conflict", "NOTHING_TO_CANCEL", SUBSCRIPTION_MESSAGES.nothingToCancel);
  }
  const subs = await deps.db
    .select()
    .from(gatewaySubscriptions)
    .where(
      and(
        eq(gatewaySubscriptions.userId, userId),
        inArray(gatewaySubscriptions.status, ["authenticated", "active", "pending"]),
      ),
    );
  for (const sub of subs) {
    await gatewayCall(() => deps.payments.gateway.cancelSubscription(sub.gatewaySubscriptionId, true));
    await deps.db
      .update(gatewaySubscriptions)
      .set({ cancelAtCycleEnd: true, scheduledPlanId: null })
      .where(eq(gatewaySubscriptions.id, sub.id));
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, current.id));
    await recordAudit(tx, {
      workspaceId: userId,
      actor,
      kind: "plan",
      action: "cancelled",
      subjectId: current.id,
      summary: ["audit.s.planEnds", { date: current.endDate }],
      before: { planId: current.planId, cancelAtPeriodEnd: false },
      after: { planId: current.planId, cancelAtPeriodEnd: true },
    });
  });
}

/** Manage Billing: the plan's standing, how it pays, when it renews, its invoices and payments. */
export async function billingOverview(db: Db, userId: string) {
  const standing = await planStanding(db, userId);
  const [sub] = await db
    .select()
    .from(gatewaySubscriptions)
    .where(
      and(
        eq(gatewaySubscriptions.userId, userId),
        inArray(gatewaySubscriptions.status, ["authenticated", "active", "pending", "halted"]),
      ),
    )
    .orderBy(desc(gatewaySubscriptions.createdAt))
    .limit(1);
  const invoiceRows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalPaise: invoices.totalPaise,
      description: invoices.description,
      paymentId: invoices.paymentId,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt))
    .limit(100);
  const paymentRows = await db
    .select()
    .from(paymentsTable)
    .where(eq(paymentsTable.userId, userId))
    .orderBy(desc(paymentsTable.createdAt))
    .limit(100);
  const [last] = await db
    .select({ billingName: checkouts.billingName, billingState: checkouts.billingState, gstin: checkouts.gstin })
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  return {
    planId: standing.planId,
    paidUp: standing.paidUp,
    lapsed: standing.lapsed,
    kind: standing.kind,
    complimentaryReason: standing.complimentaryReason,
    paymentMethod: sub?.paymentMethod ?? null,
    gatewayStatus: sub?.status ?? null,
    nextRenewal:
      standing.current && standing.kind === "paid" && !standing.current.cancelAtPeriodEnd
        ? standing.current.endDate
        : null,
    endsOn: standing.current?.endDate ?? null,
    scheduledPlanId: (sub?.scheduledPlanId as PlanId | null | undefined) ?? null,
    invoices: invoiceRows.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString() })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      gatewayPaymentId: p.gatewayPaymentId,
      amountPaise: p.amountPaise,
      refundedPaise: p.refundedPaise,
      method: p.method,
      planId: p.planId as PlanId,
      releaseId: p.releaseId,
      createdAt: p.createdAt.toISOString(),
    })),
    lastBilling: last ?? null,
  };
}
