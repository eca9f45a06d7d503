// The payment gateway port: what the app asks of a gateway, and what it holds about payments. It lives
// with the shared infrastructure so that the app's context can name it; the payments module
// implements it (Razorpay, and the built-in test gateway).
import type { PlanId } from "#domain/plans";
/** What the browser's checkout hands back, to be verified on the server with the key secret. */
export type CheckoutResult =
  | { kind: "subscription"; paymentId: string; subscriptionId: string; signature: string }
  | { kind: "order"; orderId: string; paymentId: string; signature: string };

/** A payment as the gateway records it (amounts in paise, from the gateway, never from the browser). */
export interface GatewayPayment {
  id: string;
  amountPaise: number;
  /** "captured" is money received; "authorized", "failed" and others are not. */
  status: string;
  method: string | null;
  orderId: string | null;
}

/**
 * What Kalrav asks of a payment gateway. Two implementations: Razorpay (razorpay-gateway.ts) when its
 * keys are set, and the built-in test gateway (test-gateway.ts) otherwise, which moves no money.
 */
export interface PaymentGateway {
  readonly name: "razorpay" | "test";
  /** The key the browser's checkout opens with (Razorpay's key id); null for the test gateway. */
  readonly publicKey: string | null;
  /** The secret webhooks are signed with. */
  readonly webhookSecret: string;
  /**
   * A yearly subscription to `planId` at its catalogue price. `upfrontPaise` with `startAt` is an
   * upgrade: the prorated amount is charged now and the first full renewal falls on `startAt`.
   */
  createSubscription(input: {
    planId: PlanId;
    planName: string;
    pricePaise: number;
    upfrontPaise?: number;
    startAt?: Date;
    notes: Record<string, string>;
  }): Promise<{ id: string }>;
  /** A one-off order (the Introductory Offer for one release). */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  /** The browser's checkout result, signed by the gateway with the key secret. */
  verifyCheckout(result: CheckoutResult): boolean;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Ends a subscription now, or at the end of the period it has paid for. */
  cancelSubscription(subscriptionId: string, atCycleEnd: boolean): Promise<void>;
  /** Moves a subscription to another plan from its next renewal (a downgrade). */
  changePlanAtRenewal(
    subscriptionId: string,
    input: { planId: PlanId; planName: string; pricePaise: number },
  ): Promise<void>;
  /** Refunds part or all of a captured payment; returns the gateway's refund id. */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<{ id: string }>;
  /** Asks the gateway to charge a subscription whose renewal failed again, where it can. */
  retryCharge(subscriptionId: string): Promise<"retried" | "unsupported">;
}

/** A gateway call that failed: shown to the person as a refusal, logged with the gateway's words. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/** Who sells, as printed on every tax invoice, and the GST rate inside our prices. */
export interface SellerConfig {
  legalName: string;
  /** Empty until configured (KALRAV_GSTIN); invoices then say so. */
  gstin: string;
  state: string;
  address: string;
  gstRatePercent: number;
}

/** The built-in test gateway's own controls: its checkout page's buttons and its renewal scheduler. */
export interface TestGatewayControls {
  pay(ref: string, method: "upi" | "card", outcome: "success" | "failure"): Promise<void>;
  renewDue(today: string): Promise<number>;
}

/** What the app holds about payments: the gateway in use and the seller on our invoices. */
export interface Payments {
  gateway: PaymentGateway;
  /** The built-in test gateway, when it is the one in use. */
  testGateway: (PaymentGateway & TestGatewayControls) | null;
  seller: SellerConfig;
}
