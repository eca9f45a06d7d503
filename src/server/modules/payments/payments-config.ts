import { createHmac } from "node:crypto";

/**
 * Which gateway is in use: Razorpay when its keys and webhook secret are set, else the built-in test
 * gateway, whose webhooks are signed with a secret derived from the app's own.
 */
export function paymentsConfig(
  env: { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; RAZORPAY_WEBHOOK_SECRET?: string },
  appSecret: string,
): { gateway: "razorpay" | "test"; webhookSecret: string } {
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) {
    return { gateway: "razorpay", webhookSecret: env.RAZORPAY_WEBHOOK_SECRET };
  }
  return {
    gateway: "test",
    webhookSecret: createHmac("sha256", appSecret).update("test-gateway-webhooks").digest("hex"),
  };
}
