import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { WEST_BENGAL } from "#server/test/payments";
import { startRazorpayServer } from "#server/test/razorpay-server";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { signWebhook } from "./signatures";

const KEY_ID = "rzp_test_kalrav";
const KEY_SECRET = "rzp_test_secret_kalrav";
const WEBHOOK_SECRET = "whsec_kalrav";
const sign = (payload: string) => createHmac("sha256", KEY_SECRET).update(payload).digest("hex");
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("the Razorpay adapter, against a local server answering like Razorpay's API", () => {
  let razorpay: Awaited<ReturnType<typeof startRazorpayServer>>;
  let server: TestServer;
  let admin: TestClient;
  beforeEach(async () => {
    razorpay = await startRazorpayServer();
    server = await startTestServer({
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: razorpay.url,
    });
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
    await razorpay?.close();
  });

  it("opens a yearly subscription, verifies the checkout's signature, reads the payment back, and cancels at cycle end", async () => {
    const artist = await createArtist(server);
    const started = await artist.client.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL });
    expect(started.status).toBe(201);
    expect(started.body.keyId).toBe(KEY_ID);
    const first = started.body.checkout;
    expect(first).toMatchObject({ gateway: "razorpay", amountPaise: 99_900, status: "open" });
    expect(first.gatewayRef).toMatch(/^sub_/);

    // The plan was created at Razorpay once, yearly, at the catalogue price; the subscription names it.
    const basic = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;
    expect(razorpay.requests.every((r) => r.auth === basic)).toBe(true);
    const [plan, subscription] = razorpay.requests;
    expect(plan).toMatchObject({ method: "POST", path: "/v1/plans" });
    expect(plan?.body).toMatchObject({ period: "yearly", interval: 1, item: { amount: 99_900, currency: "INR" } });
    expect(subscription).toMatchObject({ method: "POST", path: "/v1/subscriptions" });
    expect(subscription?.body).toMatchObject({ plan_id: "plan_00000000000001", total_count: 10, quantity: 1 });
    // A second checkout for the same plan and price reuses Razorpay's plan.
    const again = await artist.client.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL });
    expect(again.status).toBe(201);
    expect(razorpay.requests.filter((r) => r.path === "/v1/plans")).toHaveLength(1);
    // One open checkout per account: the newer one replaces the first, which can no longer be paid.
    const checkout = again.body.checkout;
    expect((await artist.client.get(`/api/checkouts/${first.id}`)).body.status).toBe("superseded");

    // A forged checkout result is refused before Razorpay is even asked.
    const paymentId = "pay_00000000000001";
    const forged = await artist.client.post(`/api/checkouts/${checkout.id}/verify`, {
      paymentId,
      signature: sign(`${paymentId}|sub_other`),
    });
    expect(forged.status).toBe(400);
    expect(razorpay.requests.some((r) => r.path.startsWith("/v1/payments"))).toBe(false);
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(false);

    const verified = await artist.client.post(`/api/checkouts/${checkout.id}/verify`, {
      paymentId,
      signature: sign(`${paymentId}|${checkout.gatewayRef}`),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("paid");
    expect((await artist.client.get("/api/subscription")).body).toMatchObject({
      currentPlanId: "pro_artist",
      paidUp: true,
    });

    // Razorpay's own webhook for the same charge arrives later: it finds the payment done.
    const raw = JSON.stringify({
      entity: "event",
      event: "subscription.charged",
      created_at: Math.floor(Date.now() / 1000),
      payload: {
        subscription: { entity: { id: checkout.gatewayRef, status: "active" } },
        payment: { entity: { id: paymentId, amount: 99_900, currency: "INR", method: "upi", status: "captured" } },
      },
    });
    const hook = await server.client().request("POST", "/api/webhooks/razorpay", raw, {
      "x-razorpay-signature": signWebhook(raw, WEBHOOK_SECRET),
      "x-razorpay-event-id": "evt_00000000000001",
      origin: "",
    });
    expect(hook.status).toBe(200);
    expect(hook.body.outcome).toBe("duplicate");
    const billing = (await artist.client.get("/api/billing")).body;
    expect(billing.payments).toHaveLength(1);
    expect(billing.invoices).toHaveLength(1);
    expect(billing.paymentMethod).toBe("upi");

    expect((await artist.client.post("/api/subscription/cancel")).status).toBe(200);
    const cancel = razorpay.requests.find((r) => r.path.endsWith("/cancel"));
    expect(cancel).toMatchObject({ path: `/v1/subscriptions/${checkout.gatewayRef}/cancel` });
    expect(cancel?.body).toMatchObject({ cancel_at_cycle_end: 1 });
    // Razorpay cannot undo it: resuming says so.
    expect((await artist.client.post("/api/subscription/resume")).status).toBe(409);

    // An admin refunds part of it through Razorpay.
    const payment = (await admin.get("/api/admin/payments")).body.items[0];
    expect(
      (await admin.post(`/api/admin/payments/${payment.id}/refund`, { amountPaise: 10_000, reason: "Goodwill" }))
        .status,
    ).toBe(200);
    const refund = razorpay.requests.find((r) => r.path.endsWith("/refund"));
    expect(refund).toMatchObject({ path: `/v1/payments/${paymentId}/refund`, body: { amount: 10_000 } });
  });

  it("pays the Introductory Offer for one release with an order signed order_id|payment_id", async () => {
    const artist = await createArtist(server);
    const release = await createLiveRelease(server, admin, artist.client);
    const started = await artist.client.post("/api/checkouts", {
      planId: "introductory",
      releaseId: release.id,
      billing: WEST_BENGAL,
    });
    expect(started.status).toBe(201);
    const checkout = started.body.checkout;
    const order = razorpay.requests.find((r) => r.path === "/v1/orders");
    expect(order?.body).toMatchObject({ amount: 29_900, currency: "INR" });
    const paymentId = "pay_00000000000002";
    // The subscription form of the signature does not pass for an order.
    const wrong = await artist.client.post(`/api/checkouts/${checkout.id}/verify`, {
      paymentId,
      signature: sign(`${paymentId}|${checkout.gatewayRef}`),
    });
    expect(wrong.status).toBe(400);
    const right = await artist.client.post(`/api/checkouts/${checkout.id}/verify`, {
      paymentId,
      signature: sign(`${checkout.gatewayRef}|${paymentId}`),
    });
    expect(right.body.status).toBe("paid");
    const waiting = rows<{ n: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as n from deliveries where release_id = ${release.id} and status = 'awaiting_payment'`,
      ),
    );
    expect(waiting[0]?.n).toBe(0);
  });

  it("says so, changes nothing and never answers 500 when Razorpay cannot be reached", async () => {
    const artist = await createArtist(server);
    await razorpay.close();
    const res = await artist.client.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toContain("Razorpay could not be reached");
    const count = rows<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from checkouts where user_id = ${artist.id}`),
    );
    expect(count[0]?.n).toBe(0);
  });
});
