import { createHmac, timingSafeEqual } from "node:crypto";
import type { CheckoutResult } from "#server/lib/payment-gateway";

/** HMAC-SHA256 in hex, as Razorpay signs webhooks and checkouts. */
const hmacHex = (secret: string, payload: string | Uint8Array) =>
  createHmac("sha256", secret).update(payload).digest("hex");

/** Compares two hex signatures in constant time; anything malformed is simply not equal. */
function sameSignature(expectedHex: string, givenHex: string | undefined | null): boolean {
  if (!givenHex || !/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(givenHex.toLowerCase(), "hex"));
}

/**
 * A webhook is genuine when `X-Razorpay-Signature` is the HMAC-SHA256 of the raw request body (the
 * bytes as received, before any parsing) with the webhook secret.
 */
export function isGenuineWebhook(rawBody: string | Uint8Array, signature: string | undefined, secret: string): boolean {
  if (!secret) return false;
  return sameSignature(hmacHex(secret, rawBody), signature);
}

/** Subscriptions sign `payment_id|subscription_id`; orders sign `order_id|payment_id`. */
export function isGenuineCheckout(result: CheckoutResult, keySecret: string): boolean {
  if (!keySecret) return false;
  const payload =
    result.kind === "subscription"
      ? `${result.paymentId}|${result.subscriptionId}`
      : `${result.orderId}|${result.paymentId}`;
  return sameSignature(hmacHex(keySecret, payload), result.signature);
}

/** Signs like the gateway does: for the built-in test gateway's webhooks and for tests. */
export function signWebhook(rawBody: string | Uint8Array, secret: string): string {
  return hmacHex(secret, rawBody);
}
