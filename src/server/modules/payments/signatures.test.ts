import { createHmac } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isGenuineCheckout, isGenuineWebhook, signWebhook } from "./signatures";

const SECRET = "kalrav_test_webhook_secret";
/** A subscription.charged webhook as Razorpay sends it, and the signature computed with `openssl dgst`. */
const RECORDED_SIGNATURE = "883cc6ad1cfb6d78c9cd0181bd901adcbc225c4933241704e6790a85029017cc";
const recorded = () => fs.readFile(path.join(import.meta.dirname, "recorded", "subscription-charged.raw"));

describe("webhook signatures", () => {
  it("accepts the recorded, correctly signed payload", async () => {
    const body = await recorded();
    expect(isGenuineWebhook(body, RECORDED_SIGNATURE, SECRET)).toBe(true);
    expect(isGenuineWebhook(body, RECORDED_SIGNATURE.toUpperCase(), SECRET)).toBe(true);
    expect(signWebhook(body, SECRET)).toBe(RECORDED_SIGNATURE);
  });

  it("refuses one changed byte, re-serialised JSON, a wrong secret, and a missing or malformed header", async () => {
    const body = await recorded();
    const tampered = Buffer.from(body);
    const at = body.indexOf("99900");
    tampered[at] = "1".charCodeAt(0); // 19900: a cheaper payment
    expect(isGenuineWebhook(tampered, RECORDED_SIGNATURE, SECRET)).toBe(false);
    // The signature is over the bytes as sent: the same JSON written differently is not the same body.
    expect(isGenuineWebhook(JSON.stringify(JSON.parse(body.toString()), null, 2), RECORDED_SIGNATURE, SECRET)).toBe(
      false,
    );
    expect(isGenuineWebhook(body, RECORDED_SIGNATURE, "another_secret")).toBe(false);
    expect(isGenuineWebhook(body, RECORDED_SIGNATURE, "")).toBe(false);
    for (const header of [undefined, "", "sha256=abc", RECORDED_SIGNATURE.slice(2), `${RECORDED_SIGNATURE}00`]) {
      expect(isGenuineWebhook(body, header, SECRET), String(header)).toBe(false);
    }
  });
});

describe("checkout signatures", () => {
  const KEY = "rzp_test_key_secret";
  const sign = (payload: string) => createHmac("sha256", KEY).update(payload).digest("hex");

  it("verifies a subscription's payment_id|subscription_id and an order's order_id|payment_id", () => {
    const sub = { paymentId: "pay_1", subscriptionId: "sub_1" };
    expect(isGenuineCheckout({ kind: "subscription", ...sub, signature: sign("pay_1|sub_1") }, KEY)).toBe(true);
    // The order's order of fields does not verify a subscription, and the other way round.
    expect(isGenuineCheckout({ kind: "subscription", ...sub, signature: sign("sub_1|pay_1") }, KEY)).toBe(false);
    const order = { orderId: "order_1", paymentId: "pay_1" };
    expect(isGenuineCheckout({ kind: "order", ...order, signature: sign("order_1|pay_1") }, KEY)).toBe(true);
    expect(isGenuineCheckout({ kind: "order", ...order, signature: sign("pay_1|order_1") }, KEY)).toBe(false);
    expect(isGenuineCheckout({ kind: "order", ...order, signature: sign("order_1|pay_1") }, "wrong")).toBe(false);
    expect(isGenuineCheckout({ kind: "order", ...order, signature: "not-hex" }, KEY)).toBe(false);
  });
});
