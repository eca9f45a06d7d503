import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArtist } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";
import { signWebhook } from "./signatures";

const SECRET = "whsec_kalrav_test";
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("payment webhooks (Razorpay's format)", () => {
  let server: TestServer;
  let artist: Awaited<ReturnType<typeof createArtist>>;

  beforeEach(async () => {
    server = await startTestServer({
      RAZORPAY_KEY_ID: "rzp_test_key",
      RAZORPAY_KEY_SECRET: "rzp_test_secret",
      RAZORPAY_WEBHOOK_SECRET: SECRET,
    });
    artist = await createArtist(server, "Paying Artist");
    await server.database.db.execute(
      sql`insert into gateway_subscriptions (user_id, plan_id, gateway, gateway_subscription_id) values (${artist.id}, 'pro_artist', 'razorpay', 'sub_1')`,
    );
  });
  afterEach(async () => {
    await server?.close();
  });

  const event = (type: string, at: number, payment?: { id: string; amount: number }) =>
    JSON.stringify({
      entity: "event",
      event: type,
      created_at: at,
      payload: {
        subscription: { entity: { id: "sub_1", status: "active" } },
        ...(payment ? { payment: { entity: { ...payment, currency: "INR", method: "upi", status: "captured" } } } : {}),
      },
    });
  /** `null`: no signature header at all. */
  const send = (body: string, eventId: string, signature: string | null = signWebhook(body, SECRET)) =>
    server.client().request("POST", "/api/webhooks/razorpay", body, {
      ...(signature === null ? {} : { "x-razorpay-signature": signature }),
      "x-razorpay-event-id": eventId,
      // Razorpay sends no Origin and no cookie.
      origin: "",
    });
  const state = async () => {
    const [sub] = rows<{ status: string }>(
      await server.database.db.execute(sql`select status from gateway_subscriptions`),
    );
    const paid = rows<{ amount: number }>(
      await server.database.db.execute(sql`select amount_paise as amount from payments`),
    );
    const [plan] = rows<{ plan: string }>(
      await server.database.db.execute(
        sql`select plan_id as plan from subscriptions where user_id = ${artist.id} and status = 'active'`,
      ),
    );
    const events = rows<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from payment_events`),
    );
    return { status: sub?.status, payments: paid.map((p) => p.amount), plan: plan?.plan, events: events[0]?.n };
  };

  it("refuses forged, tampered, unsigned and malformed webhooks, storing nothing", async () => {
    const body = event("subscription.charged", 1000, { id: "pay_1", amount: 99_900 });
    const forged = await send(body, "evt_1", signWebhook(body, "not-our-secret"));
    expect([forged.status, forged.body.error.code]).toEqual([401, "BAD_SIGNATURE"]);
    expect((await send(body.replace("99900", "19900"), "evt_1", signWebhook(body, SECRET))).status).toBe(401);
    expect((await send(body, "evt_1", null)).status).toBe(401);
    expect((await send("{not json", "evt_2")).status).toBe(400);
    expect((await send(JSON.stringify({ event: "subscription.charged" }), "evt_3")).status).toBe(400);
    expect((await send(body, "")).status).toBe(400);
    expect(await state()).toEqual({ status: "created", payments: [], plan: undefined, events: 0 });
  });

  it("applies a confirmed charge once: the paid plan comes into force; a replay and a stale event change nothing", async () => {
    const charged = event("subscription.charged", 2000, { id: "pay_1", amount: 99_900 });
    const first = await send(charged, "evt_10");
    expect(first.body).toEqual({ received: true, duplicate: false, outcome: "applied" });
    expect(await state()).toEqual({ status: "active", payments: [99_900], plan: "pro_artist", events: 1 });

    const replay = await send(charged, "evt_10");
    expect([replay.status, replay.body.duplicate]).toEqual([200, true]);
    // Arriving late, the mandate's authentication is older than the charge: recorded, not applied.
    const late = await send(event("subscription.authenticated", 1500), "evt_9");
    expect(late.body.outcome).toBe("stale");
    expect(await state()).toEqual({ status: "active", payments: [99_900], plan: "pro_artist", events: 2 });

    // A failed renewal is retried (pending), then given up (halted); a cancelled subscription stays so.
    expect((await send(event("subscription.pending", 3000), "evt_11")).body.outcome).toBe("applied");
    expect((await send(event("subscription.halted", 4000), "evt_12")).body.outcome).toBe("applied");
    expect((await send(event("subscription.cancelled", 5000), "evt_13")).body.outcome).toBe("applied");
    expect((await send(event("subscription.activated", 6000), "evt_14")).body.outcome).toBe("terminal");
    expect((await send(event("payment.captured", 6000), "evt_15")).body.outcome).toBe("ignored");
    expect((await state()).status).toBe("cancelled");
  });
});
