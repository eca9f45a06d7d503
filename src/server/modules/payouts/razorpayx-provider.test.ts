import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signWebhook } from "#server/lib/webhook-signature";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { recordedX, startRazorpayXServer } from "#server/test/razorpayx-server";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";
import { createRazorpayXProvider } from "./payout-providers";

const KEYS = {
  keyId: "rzp_test_x",
  keySecret: "x-secret",
  webhookSecret: "x-webhook-secret",
  accountNumber: "2323230000000001",
};

describe("the RazorpayX payout adapter, against a local server answering like RazorpayX", () => {
  let x: Awaited<ReturnType<typeof startRazorpayXServer>>;
  beforeEach(async () => {
    x = await startRazorpayXServer();
  });
  afterEach(async () => {
    await x.close();
  });

  it("validates a UPI ID (contact, fund account, validation asked again until completed) and pays with the idempotency key", async () => {
    const provider = createRazorpayXProvider({ ...KEYS, apiUrl: x.url });
    const validation = await provider.validateAccount({
      referenceId: "user-1",
      legalName: "Owner Artist",
      email: "owner@example.com",
      destination: { kind: "upi", vpa: "owner@okbank" },
    });
    expect(validation).toEqual({
      contactId: "cont_00000000000001",
      fundAccountId: "fa_00000000000001",
      valid: true,
      registeredName: "OWNER ARTIST",
    });
    expect(x.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/contacts",
      "POST /v1/fund_accounts",
      "POST /v1/fund_accounts/validations",
      "GET /v1/fund_accounts/validations/fav_00000000000001",
    ]);
    expect(x.requests[0]?.auth).toBe(`Basic ${Buffer.from("rzp_test_x:x-secret").toString("base64")}`);
    expect(x.requests[1]?.body).toMatchObject({ account_type: "vpa", vpa: { address: "owner@okbank" } });
    expect(x.requests[2]?.body).toMatchObject({
      account_number: KEYS.accountNumber,
      fund_account: { id: "fa_00000000000001" },
    });

    const input = {
      fundAccountId: "fa_00000000000001",
      amountPaise: 80_000,
      mode: "UPI" as const,
      idempotencyKey: "0b4ff2a5-1111-4222-8333-444455556666",
      referenceId: "payout-1",
      narration: "Kalrav royalties",
    };
    const first = await provider.createPayout(input);
    // A retry after a timeout sends the same key: the same payout, not a second one.
    const retry = await provider.createPayout(input);
    expect(retry).toEqual(first);
    expect(first).toEqual({ id: "pout_00000000000001", status: "processing", utr: null });
    expect(x.payoutsMade()).toBe(1);
    const sent = x.requests.filter((r) => r.path === "/v1/payouts");
    expect(sent.map((r) => r.idempotency)).toEqual([input.idempotencyKey, input.idempotencyKey]);
    expect(sent[0]?.body).toMatchObject({
      amount: 80_000,
      mode: "UPI",
      currency: "INR",
      account_number: KEYS.accountNumber,
    });
    // Asked later (its webhook never came), RazorpayX says it was processed, with the UTR.
    expect(await provider.fetchPayout("pout_00000000000001")).toEqual({
      id: "pout_00000000000001",
      status: "processed",
      utr: "433014326711",
      failureReason: null,
    });
    expect(x.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/payouts/pout_00000000000001" });
  });

  it("says what RazorpayX answered when it refuses, and when it cannot be reached", async () => {
    const payout = {
      fundAccountId: "fa",
      amountPaise: 1,
      mode: "IMPS",
      idempotencyKey: "k",
      referenceId: "r",
      narration: "n",
    } as const;
    const provider = createRazorpayXProvider({ ...KEYS, apiUrl: `${x.url}/broken` });
    await expect(provider.createPayout(payout)).rejects.toThrow("The requested URL was not found on the server.");
    const offline = createRazorpayXProvider({ ...KEYS, apiUrl: "http://127.0.0.1:9" });
    await expect(offline.createPayout(payout)).rejects.toThrow(/could not be reached/);
  });

  describe("through the app", () => {
    let server: TestServer;
    afterEach(async () => {
      await server?.close();
    });
    it("pays an approved payout through RazorpayX and completes it from the signed payout.processed webhook", async () => {
      server = await startTestServer({
        RAZORPAYX_KEY_ID: KEYS.keyId,
        RAZORPAYX_KEY_SECRET: KEYS.keySecret,
        RAZORPAYX_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAYX_ACCOUNT_NUMBER: KEYS.accountNumber,
        RAZORPAYX_API_URL: x.url,
      });
      expect(server.payouts.provider.name).toBe("razorpayx");
      const admin = server.client();
      await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      const artist = await createArtist(server, "Owner Artist");
      const release = await createLiveRelease(server, admin, artist.client);
      await importReport(admin, "x.csv", [`2026-10-01,Spotify,IN,${release.upcEan},,1,1,1000.00,INR`]);
      const kyc = await artist.client.request("PUT", "/api/payee-details", {
        residence: "india",
        legalName: "Owner Artist",
        method: "upi",
        upiId: "owner@okbank",
      });
      expect(kyc.body.details.status).toBe("verified");
      await artist.client.post("/api/royalties/payouts");
      const payout = (await artist.client.get("/api/royalties")).body.payouts[0];
      expect((await admin.post("/api/admin/payouts/approve", { ids: [payout.id] })).body.sent).toEqual([payout.id]);
      expect((await artist.client.get("/api/royalties")).body.payouts[0].status).toBe("processing");

      const event = recordedX("webhook-payout-processed");
      event.payload.payout.entity.reference_id = payout.id;
      const raw = JSON.stringify(event);
      const res = await server.client().request("POST", "/api/webhooks/razorpayx", raw, {
        "content-type": "application/json",
        "x-razorpay-signature": signWebhook(raw, KEYS.webhookSecret),
        "x-razorpay-event-id": "evt_00000000000001",
      });
      expect(res.body).toEqual({ received: true, outcome: "applied" });
      expect((await artist.client.get("/api/royalties")).body.payouts[0]).toMatchObject({
        status: "completed",
        utr: "433014326711",
      });
    });
  });
});
