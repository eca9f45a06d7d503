// Razorpay signs webhooks (payments and RazorpayX payouts alike) and checkout results with HMAC-SHA256.
import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 in hex. */
export const hmacHex = (secret: string, payload: string | Uint8Array) =>
  createHmac("sha256", secret).update(payload).digest("hex");

/** Compares two hex signatures in constant time; anything malformed is simply not equal. */
export function sameSignature(expectedHex: string, givenHex: string | undefined | null): boolean {
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

/** Signs like the gateway does: for the built-in test gateway's and test provider's webhooks, and for tests. */
export function signWebhook(rawBody: string | Uint8Array, secret: string): string {
  return hmacHex(secret, rawBody);
}
