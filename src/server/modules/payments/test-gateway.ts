// The built-in test gateway: the default when no Razorpay keys are set, so that a fresh machine shows
// the whole payment flow. No money moves. Its checkout page (/checkout/test/:ref in the web app) lets
// the person pay by "UPI" or "card", succeed or fail; the gateway then sends the app the same kind of
// signed webhook Razorpay would, through the same verification.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, lte } from "drizzle-orm";
import { PLANS, type PlanId } from "#domain/plans";
import type { Db } from "#server/db/client";
import { checkouts, gatewaySubscriptions, payments, subscriptions } from "#server/db/schema";
import { GatewayError, type PaymentGateway, type TestGatewayControls } from "#server/lib/payment-gateway";
import { signWebhook } from "./signatures";

export type TestPayMethod = "upi" | "card";
export type SendWebhook = (raw: string, signature: string, eventId: string) => Promise<unknown>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(7).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** The checkout page's "Pay" and "Fail" buttons, and the renewals it charges as a gateway's scheduler would. */
export type TestGateway = PaymentGateway & TestGatewayControls;

export function createTestGateway(opts: { db: Db; webhookSecret: string; send: () => SendWebhook }): TestGateway {
  const { db, webhookSecret } = opts;

  async function emit(event: string, payload: Record<string, unknown>) {
    const raw = JSON.stringify({ entity: "event", event, created_at: now(), payload, test_gateway: true });
    await opts.send()(raw, signWebhook(raw, webhookSecret), id("evt"));
  }

  const paymentEntity = (amountPaise: number, method: string, status: string, extra: Record<string, unknown> = {}) => ({
    entity: { id: id("pay"), amount: amountPaise, currency: "INR", method, status, ...extra },
  });

  async function charge(subscriptionRef: string, amountPaise: number, method: string) {
    await emit("subscription.charged", {
      subscription: { entity: { id: subscriptionRef, status: "active" } },
      payment: paymentEntity(amountPaise, method, "captured"),
    });
  }

  return {
    name: "test",
    publicKey: null,
    webhookSecret,
    async createSubscription() {
      return { id: id("sub") };
    },
    async createOrder() {
      return { id: id("order") };
    },
    // The test gateway's checkouts finish on the server (pay below); there is no browser signature.
    verifyCheckout() {
      return false;
    },
    async fetchPayment(paymentId) {
      const [row] = await db.select().from(payments).where(eq(payments.gatewayPaymentId, paymentId));
      if (!row) throw new GatewayError("The test gateway has no such payment.");
      return {
        id: row.gatewayPaymentId,
        amountPaise: row.amountPaise,
        status: row.status,
        method: row.method,
        orderId: null,
      };
    },
    async cancelSubscription(subscriptionRef, atCycleEnd) {
      // At the cycle's end, renewDue sends the cancellation instead of charging.
      if (!atCycleEnd)
        await emit("subscription.cancelled", {
          subscription: { entity: { id: subscriptionRef, status: "cancelled" } },
        });
    },
    // The scheduled plan is charged at renewal (renewDue reads it).
    async changePlanAtRenewal() {},
    async refund() {
      return { id: id("rfnd") };
    },
    async retryCharge(subscriptionRef) {
      const [row] = await db
        .select({ planId: gatewaySubscriptions.planId, method: gatewaySubscriptions.paymentMethod })
        .from(gatewaySubscriptions)
        .where(eq(gatewaySubscriptions.gatewaySubscriptionId, subscriptionRef));
      if (!row) throw new GatewayError("The test gateway has no such subscription.");
      await charge(subscriptionRef, PLANS[row.planId as PlanId].pricePaise, row.method ?? "upi");
      return "retried";
    },

    async pay(ref, method, outcome) {
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.gatewayRef, ref));
      if (checkout?.gateway !== "test") throw new GatewayError("Checkout not found.");
      if (checkout.status !== "open") throw new GatewayError("This checkout is already closed.");
      const notes = { checkout_id: checkout.id };
      if (outcome === "failure") {
        await emit("payment.failed", {
          payment: paymentEntity(checkout.amountPaise, method, "failed", {
            notes,
            error_description: "The test gateway declined the payment, as you asked.",
            ...(checkout.purpose === "release" ? { order_id: ref } : {}),
          }),
        });
        return;
      }
      // One checkout is paid once, as at Razorpay: its payment has one id, so Pay clicked six times at
      // once is one payment to the webhook receiver, which keeps each payment once (issue 33: six
      // parallel clicks made six charges, invoices and plan years).
      const paid = { notes, id: `pay_test_${checkout.id.replace(/-/g, "").slice(0, 16)}` };
      if (checkout.purpose === "plan") {
        await emit("subscription.authenticated", { subscription: { entity: { id: ref, status: "authenticated" } } });
        await emit("subscription.charged", {
          subscription: { entity: { id: ref, status: "active" } },
          payment: paymentEntity(checkout.amountPaise, method, "captured", paid),
        });
      } else {
        await emit("order.paid", {
          order: { entity: { id: ref, status: "paid" } },
          payment: paymentEntity(checkout.amountPaise, method, "captured", { ...paid, order_id: ref }),
        });
      }
    },

    async renewDue(today) {
      const due = await db
        .select({ sub: gatewaySubscriptions, endDate: subscriptions.endDate })
        .from(gatewaySubscriptions)
        .innerJoin(payments, eq(payments.gatewaySubscriptionId, gatewaySubscriptions.gatewaySubscriptionId))
        .innerJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
        .where(
          and(
            eq(gatewaySubscriptions.gateway, "test"),
            inArray(gatewaySubscriptions.status, ["active", "pending"]),
            eq(subscriptions.status, "active"),
            lte(subscriptions.endDate, today),
          ),
        );
      for (const { sub } of due) {
        if (sub.cancelAtCycleEnd) {
          await emit("subscription.cancelled", {
            subscription: { entity: { id: sub.gatewaySubscriptionId, status: "cancelled" } },
          });
        } else {
          const planId = (sub.scheduledPlanId ?? sub.planId) as PlanId;
          await charge(sub.gatewaySubscriptionId, PLANS[planId].pricePaise, sub.paymentMethod ?? "upi");
        }
      }
      return due.length;
    },
  };
}
