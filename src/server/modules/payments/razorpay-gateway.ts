// The Razorpay adapter, through Razorpay's own SDK. Yearly plans are Razorpay Subscriptions (UPI
// Autopay or cards), the Introductory Offer is an Order; plans are created at Razorpay once per plan
// and price and remembered in gateway_plans.
import { and, eq } from "drizzle-orm";
import Razorpay from "razorpay";
import type { Db } from "#server/db/client";
import { gatewayPlans } from "#server/db/schema";
import {
  type CheckoutResult,
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
} from "#server/lib/payment-gateway";
import { isGenuineCheckout } from "./signatures";

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Another API address (tests answer from a local server); Razorpay's own when unset. */
  apiUrl?: string;
}

/** Renewals a yearly subscription is authorised for (the mandate's length): ten years. */
const TOTAL_YEARS = 10;

/** The SDK rejects with `{ statusCode, error: { description } }`; anything else is a network failure. */
function gatewayFailure(err: unknown): GatewayError {
  const e = err as { statusCode?: number; error?: { description?: string } } | undefined;
  const said = e?.error?.description;
  return new GatewayError(
    said ? `Razorpay refused the request: ${said}` : "Razorpay could not be reached. Please try again.",
    err,
  );
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw gatewayFailure(err);
  }
}

export function createRazorpayGateway(config: RazorpayConfig, db: Db): PaymentGateway {
  const rz = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  // The SDK fixes its host; its HTTP client (axios) takes another base address.
  if (config.apiUrl)
    (rz as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = config.apiUrl;

  async function gatewayPlanId(planId: string, planName: string, pricePaise: number): Promise<string> {
    const key = and(
      eq(gatewayPlans.gateway, "razorpay"),
      eq(gatewayPlans.planId, planId),
      eq(gatewayPlans.amountPaise, pricePaise),
    );
    const [known] = await db.select().from(gatewayPlans).where(key);
    if (known) return known.gatewayPlanId;
    const plan = await call(() =>
      rz.plans.create({
        period: "yearly",
        interval: 1,
        item: { name: planName, amount: pricePaise, currency: "INR", description: `Kalrav ${planName}, one year` },
        notes: { kalrav_plan: planId },
      }),
    );
    await db
      .insert(gatewayPlans)
      .values({ gateway: "razorpay", planId, amountPaise: pricePaise, gatewayPlanId: plan.id })
      .onConflictDoNothing();
    const [saved] = await db.select().from(gatewayPlans).where(key);
    return saved?.gatewayPlanId ?? plan.id;
  }

  return {
    name: "razorpay",
    publicKey: config.keyId,
    webhookSecret: config.webhookSecret,

    async createSubscription(input) {
      const planId = await gatewayPlanId(input.planId, input.planName, input.pricePaise);
      const sub = await call(() =>
        rz.subscriptions.create({
          plan_id: planId,
          total_count: TOTAL_YEARS,
          quantity: 1,
          customer_notify: 1,
          ...(input.startAt ? { start_at: Math.floor(input.startAt.getTime() / 1000) } : {}),
          ...(input.upfrontPaise
            ? {
                addons: [
                  { item: { name: `Upgrade to ${input.planName}`, amount: input.upfrontPaise, currency: "INR" } },
                ],
              }
            : {}),
          notes: input.notes,
        }),
      );
      return { id: sub.id };
    },

    async createOrder(input) {
      const order = await call(() =>
        rz.orders.create({ amount: input.amountPaise, currency: "INR", receipt: input.receipt, notes: input.notes }),
      );
      return { id: order.id };
    },

    verifyCheckout(result: CheckoutResult) {
      return isGenuineCheckout(result, config.keySecret);
    },

    async fetchPayment(paymentId): Promise<GatewayPayment> {
      const p = await call(() => rz.payments.fetch(paymentId));
      return {
        id: p.id,
        amountPaise: Number(p.amount),
        status: p.status,
        method: p.method ?? null,
        orderId: p.order_id ?? null,
      };
    },

    async cancelSubscription(subscriptionId, atCycleEnd) {
      await call(() => rz.subscriptions.cancel(subscriptionId, atCycleEnd));
    },

    async changePlanAtRenewal(subscriptionId, input) {
      const planId = await gatewayPlanId(input.planId, input.planName, input.pricePaise);
      await call(() => rz.subscriptions.update(subscriptionId, { plan_id: planId, schedule_change_at: "cycle_end" }));
    },

    async refund(paymentId, amountPaise, notes) {
      const refund = await call(() => rz.payments.refund(paymentId, { amount: amountPaise, notes }));
      return { id: refund.id };
    },

    // Razorpay retries a pending subscription's charge on its own schedule; there is no call to force it.
    async retryCharge() {
      return "unsupported";
    },
  };
}
