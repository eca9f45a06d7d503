// The admin's view of money coming in: every payment with its invoice, refunds and the gateway's
// ids, and refunds made through the gateway with a reason.

import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { PAYMENT_MESSAGES } from "#domain/payments";
import type { PlanId } from "#domain/plans";
import type { Db } from "#server/db/client";
import { invoices, payments, refunds, subscriptions, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { PaymentGateway } from "#server/lib/payment-gateway";
import { likePattern } from "#server/lib/route-helpers";
import { gatewayCall } from "./gateway-call";

export async function listPayments(db: Db, f: { q?: string; page: number; pageSize: number }) {
  const conditions: SQL[] = [];
  if (f.q) {
    const match = or(
      ilike(users.name, likePattern(f.q)),
      ilike(users.email, likePattern(f.q)),
      ilike(payments.gatewayPaymentId, likePattern(f.q)),
      ilike(invoices.number, likePattern(f.q)),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        payment: payments,
        userName: users.name,
        userEmail: users.email,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(invoices, eq(invoices.paymentId, payments.id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(where),
  ]);
  const refundRows = rows.length
    ? await db
        .select()
        .from(refunds)
        .where(or(...rows.map((r) => eq(refunds.paymentId, r.payment.id))))
        .orderBy(desc(refunds.createdAt))
    : [];
  return {
    items: rows.map((r) => ({
      id: r.payment.id,
      userId: r.payment.userId,
      userName: r.userName,
      userEmail: r.userEmail,
      gateway: r.payment.gateway,
      gatewayPaymentId: r.payment.gatewayPaymentId,
      gatewaySubscriptionId: r.payment.gatewaySubscriptionId,
      amountPaise: r.payment.amountPaise,
      refundedPaise: r.payment.refundedPaise,
      method: r.payment.method,
      planId: r.payment.planId as PlanId,
      invoiceId: r.invoiceId,
      invoiceNumber: r.invoiceNumber,
      createdAt: r.payment.createdAt.toISOString(),
      refunds: refundRows
        .filter((f) => f.paymentId === r.payment.id)
        .map((f) => ({
          id: f.id,
          amountPaise: f.amountPaise,
          reason: f.reason,
          gatewayRefundId: f.gatewayRefundId,
          createdAt: f.createdAt.toISOString(),
        })),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Refunds part or all of a payment through the gateway. The payment's row is locked while the gateway
 * is asked, so two refunds can never together exceed it; a gateway refusal changes nothing here.
 */
export async function refundPayment(
  deps: { db: Db; gateway: PaymentGateway },
  adminId: string,
  paymentId: string,
  input: { amountPaise?: number; reason: string },
) {
  await deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment) throw new DomainError("not_found", "NOT_FOUND", t("server.paymentNotFound"));
    const left = payment.amountPaise - payment.refundedPaise;
    const amount = input.amountPaise ?? left;
    if (amount <= 0 || amount > left)
      throw new DomainError("conflict", "REFUND_TOO_LARGE", PAYMENT_MESSAGES.refundTooLarge);
    const refund = await gatewayCall(() =>
      deps.gateway.refund(payment.gatewayPaymentId, amount, { reason: input.reason.slice(0, 250) }),
    );
    await tx
      .insert(refunds)
      .values({ paymentId, amountPaise: amount, reason: input.reason, gatewayRefundId: refund.id, createdBy: adminId });
    await tx
      .update(payments)
      .set({ refundedPaise: payment.refundedPaise + amount })
      .where(eq(payments.id, paymentId));
    // All of it given back: the plan it bought ends today (issue 33: a full refund left it active).
    // Live releases stay live, as when a plan lapses.
    if (payment.refundedPaise + amount === payment.amountPaise) {
      await tx
        .update(subscriptions)
        .set({ status: "cancelled", endDate: todayIst(), cancelAtPeriodEnd: false })
        .where(and(eq(subscriptions.paymentId, paymentId), eq(subscriptions.status, "active")));
    }
  });
}
