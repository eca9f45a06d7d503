import { createHmac } from "node:crypto";
import type { Db } from "#server/db/client";
import type { Payments, SellerConfig } from "#server/lib/payment-gateway";
import { createRazorpayGateway } from "./razorpay-gateway";
import { createTestGateway, type SendWebhook } from "./test-gateway";

export interface PaymentsEnv {
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_API_URL?: string;
  GST_RATE_PERCENT?: number;
  KALRAV_GSTIN?: string;
  KALRAV_LEGAL_NAME?: string;
  KALRAV_STATE?: string;
  KALRAV_ADDRESS?: string;
}

export function sellerConfig(env: PaymentsEnv): SellerConfig {
  return {
    legalName: env.KALRAV_LEGAL_NAME ?? "Kalrav Music Distribution",
    gstin: env.KALRAV_GSTIN ?? "",
    state: env.KALRAV_STATE ?? "West Bengal",
    address: env.KALRAV_ADDRESS ?? "12 Park Street, Kolkata, West Bengal 700016, India",
    gstRatePercent: env.GST_RATE_PERCENT ?? 18,
  };
}

/**
 * Which gateway is in use: Razorpay when its keys and webhook secret are set, else the built-in test
 * gateway, whose webhooks are signed with a secret derived from the app's own. `send` delivers the
 * test gateway's webhooks to the app (set once the app exists).
 */
export function createPayments(
  env: PaymentsEnv,
  opts: { appSecret: string; db: Db; send: () => SendWebhook },
): Payments {
  const seller = sellerConfig(env);
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) {
    const gateway = createRazorpayGateway(
      {
        keyId: env.RAZORPAY_KEY_ID,
        keySecret: env.RAZORPAY_KEY_SECRET,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: env.RAZORPAY_API_URL,
      },
      opts.db,
    );
    return { gateway, testGateway: null, seller };
  }
  const testGateway = createTestGateway({
    db: opts.db,
    webhookSecret: createHmac("sha256", opts.appSecret).update("test-gateway-webhooks").digest("hex"),
    send: opts.send,
  });
  return { gateway: testGateway, testGateway, seller };
}

/**
 * Why the built-in test gateway and payout provider may not serve this deployment, or null when they
 * may: on a production server people reach by a public address, a test gateway "charges" nobody and
 * grants paid plans for free (issue 33), so it runs there only when explicitly allowed.
 */
export function testPaymentsRefusal(env: {
  NODE_ENV: string;
  PUBLIC_URL: string;
  ALLOW_TEST_PAYMENTS: boolean;
}): string | null {
  if (env.NODE_ENV !== "production" || env.ALLOW_TEST_PAYMENTS) return null;
  const host = new URL(env.PUBLIC_URL).hostname;
  const local = host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";
  if (local) return null;
  return `PUBLIC_URL is ${env.PUBLIC_URL} and no payment keys are set: the built-in TEST payment gateway and payout provider would take no money and pay nobody. Set the Razorpay and RazorpayX keys, or ALLOW_TEST_PAYMENTS=true for a demo server.`;
}
