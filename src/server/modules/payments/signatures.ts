import type { CheckoutResult } from "#server/lib/payment-gateway";
import { hmacHex, sameSignature } from "#server/lib/webhook-signature";

/** Subscriptions sign `payment_id|subscription_id`; orders sign `order_id|payment_id`. */
export function isGenuineCheckout(result: CheckoutResult, keySecret: string): boolean {
  if (!keySecret) return false;
  const payload =
    result.kind === "subscription"
      ? `${result.paymentId}|${result.subscriptionId}`
      : `${result.orderId}|${result.paymentId}`;
  return sameSignature(hmacHex(keySecret, payload), result.signature);
}

export { isGenuineWebhook, signWebhook } from "#server/lib/webhook-signature";
