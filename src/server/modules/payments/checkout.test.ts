import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, oneYearAfter, todayIst } from "#domain/clock";
import { createLogger } from "#server/lib/logger";
import { rebuildLedger } from "#server/modules/royalties";
import { createArtist, createLiveRelease, createRelease } from "#server/test/factories";
import { MAHARASHTRA, payOnTestGateway, WEST_BENGAL } from "#server/test/payments";
import { pdfText } from "#server/test/pdf-text";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { sendPlanReminders } from "./reminders";
import { signWebhook } from "./signatures";

const silentLogger = createLogger("silent");

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const today = () => todayIst();

describe("paying for plans through the built-in test gateway", () => {
  let server: TestServer;
  let admin: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  const count = async (table: string, userId: string) =>
    rows<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`),
    )[0]?.n;

  it("refuses signed-out visitors everywhere money is", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/billing")).status).toBe(401);
    expect((await anonymous.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL })).status).toBe(401);
    expect((await anonymous.get("/api/checkouts/quote?planId=pro_artist")).status).toBe(401);
    expect((await anonymous.post("/api/subscription/cancel")).status).toBe(401);
    expect((await anonymous.get("/api/test-gateway/checkouts/sub_test_0123456789abcd")).status).toBe(401);
  });

  it("starts a new artist on Basic Artist, unpaid, with no charges anyone made", async () => {
    const artist = await createArtist(server);
    const overview = (await artist.client.get("/api/subscription")).body;
    expect(overview).toEqual({
      currentPlanId: "basic_artist",
      paidUp: false,
      lapsed: false,
      current: null,
      history: [],
    });
    const billing = (await artist.client.get("/api/billing")).body;
    expect(billing).toMatchObject({ paidUp: false, payments: [], invoices: [], gateway: "test", nextRenewal: null });
    expect((await artist.client.post("/api/subscription/cancel")).status).toBe(409);
  });

  it("changes the plan only when the payment is confirmed, then invoices it with CGST and SGST", async () => {
    const artist = await createArtist(server, "Asha Rao");
    const started = await artist.client.post("/api/checkouts", {
      planId: "pro_artist",
      billing: WEST_BENGAL,
      // Amounts come from the catalogue: anything the browser adds is ignored.
      amountPaise: 100,
    });
    expect(started.status).toBe(201);
    expect(started.body.checkout).toMatchObject({ status: "open", amountPaise: 99_900, gateway: "test" });
    expect(started.body.checkout.gst).toMatchObject({
      cgstPaise: 7619,
      sgstPaise: 7619,
      igstPaise: 0,
      taxablePaise: 84_662,
    });
    // Clicking changed nothing.
    expect((await artist.client.get("/api/subscription")).body).toMatchObject({
      currentPlanId: "basic_artist",
      paidUp: false,
    });

    const ref = started.body.checkout.gatewayRef;
    const paid = await artist.client.post(`/api/test-gateway/checkouts/${ref}/pay`, {
      method: "upi",
      outcome: "success",
    });
    expect(paid.body.status).toBe("paid");
    const overview = (await artist.client.get("/api/subscription")).body;
    expect(overview).toMatchObject({ currentPlanId: "pro_artist", paidUp: true });
    expect(overview.current).toMatchObject({
      kind: "paid",
      startDate: today(),
      endDate: oneYearAfter(today()),
      amountPaise: 99_900,
    });

    // The plan change is in the workspace's audit log, made by the confirmed payment (issue 35).
    const audit = (await artist.client.get("/api/workspace/audit?kind=plan")).body.entries;
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: expect.stringMatching(/^Payment \S+ \(test\)$/),
        action: "started",
        summary: "Pro Artist started, paid",
        after: expect.objectContaining({ planId: "pro_artist", kind: "paid" }),
      }),
    ]);

    const billing = (await artist.client.get("/api/billing")).body;
    expect(billing).toMatchObject({ paidUp: true, paymentMethod: "upi", nextRenewal: oneYearAfter(today()) });
    expect(billing.payments).toHaveLength(1);
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0].number).toMatch(/^KAL\/\d{4}-\d{2}\/000001$/);

    const pdf = await artist.client.send("GET", `/api/invoices/${billing.invoices[0].id}/pdf`, undefined, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(billing.invoices[0].number);
    expect(text).toContain("Asha Rao");
    expect(text).toContain("SAC: 998439");
    expect(text).toContain("Taxable value: ₹846.62");
    expect(text).toContain("CGST @ 9%: ₹76.19");
    expect(text).toContain("SGST @ 9%: ₹76.19");
    expect(text).toContain("Rupees Nine Hundred Ninety-Nine Only");
    expect(text).not.toContain("IGST");

    // Another artist cannot read it; an admin can.
    const other = await createArtist(server);
    expect((await other.client.send("GET", `/api/invoices/${billing.invoices[0].id}/pdf`, undefined, {})).status).toBe(
      404,
    );
    expect((await admin.send("GET", `/api/admin/invoices/${billing.invoices[0].id}/pdf`, undefined, {})).status).toBe(
      200,
    );
    expect((await other.client.get(`/api/checkouts/${paid.body.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/test-gateway/checkouts/${ref}`)).status).toBe(404);
  });

  it("charges IGST when the billing state is another state's", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "basic_artist", billing: MAHARASHTRA }, "success", "card");
    const billing = (await artist.client.get("/api/billing")).body;
    expect(billing.paymentMethod).toBe("card");
    const text = await pdfText(
      (await artist.client.send("GET", `/api/invoices/${billing.invoices[0].id}/pdf`, undefined, {})).bytes,
    );
    expect(text).toContain("IGST @ 18%: ₹76.12");
    expect(text).toContain("Taxable value: ₹422.88");
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).not.toContain("CGST");
  });

  it("leaves the plan unchanged when the payment fails, and says why", async () => {
    const artist = await createArtist(server);
    const failed = await payOnTestGateway(artist.client, { planId: "pro_artist" }, "failure");
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("did not go through");
    expect((await artist.client.get("/api/subscription")).body).toMatchObject({
      currentPlanId: "basic_artist",
      paidUp: false,
    });
    expect(await count("payments", artist.id)).toBe(0);
    expect(await count("invoices", artist.id)).toBe(0);
    // A closed checkout cannot be paid again.
    const ref = rows<{ ref: string }>(
      await server.database.db.execute(sql`select gateway_ref as ref from checkouts where user_id = ${artist.id}`),
    )[0]?.ref;
    expect(
      (await artist.client.post(`/api/test-gateway/checkouts/${ref}/pay`, { method: "upi", outcome: "success" }))
        .status,
    ).toBe(409);
  });

  it("refuses bad input and writes nothing", async () => {
    const artist = await createArtist(server);
    const bad = [
      { planId: "gold", billing: WEST_BENGAL },
      { planId: "pro_artist" },
      { planId: "pro_artist", billing: { ...WEST_BENGAL, billingState: "Atlantis" } },
      { planId: "pro_artist", billing: { ...WEST_BENGAL, gstin: "27AAPFU0939F1ZV" } },
      { planId: "pro_artist", billing: { ...WEST_BENGAL, gstin: "not-a-gstin" } },
      { planId: "introductory", billing: WEST_BENGAL },
      // A newline in the name would add lines to the GST invoice (issue 33).
      { planId: "pro_artist", billing: { ...WEST_BENGAL, billingName: "Asha Rao\nGSTIN: 19FAKE" } },
    ];
    for (const body of bad) expect((await artist.client.post("/api/checkouts", body)).status).toBe(400);
    expect(await count("checkouts", artist.id)).toBe(0);
    // A GSTIN of the billing state is accepted.
    const ok = await artist.client.post("/api/checkouts", {
      planId: "pro_artist",
      billing: { ...WEST_BENGAL, gstin: "19AAPFU0939F1ZV" },
    });
    expect(ok.status).toBe(201);
  });

  it("prorates an upgrade, schedules a downgrade for the renewal, and renews at the catalogue price", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    // Pretend the Basic year began 73 days ago (a fifth of a year): 292 of 365 days are left.
    const start = addDays(todayIst(), -73);
    await server.database.db.execute(
      sql`update subscriptions set start_date = ${start}, end_date = ${oneYearAfter(start)} where user_id = ${artist.id} and status = 'active'`,
    );
    const quote = (await artist.client.get("/api/checkouts/quote?planId=pro_artist")).body;
    const days = (Date.parse(oneYearAfter(start)) - Date.parse(start)) / 86_400_000;
    const left = (Date.parse(oneYearAfter(start)) - Date.parse(today())) / 86_400_000;
    const credit = Math.floor((49_900 * left) / days);
    expect(quote).toMatchObject({ kind: "charge", creditPaise: credit, amountPaise: 99_900 - credit });
    const paid = await payOnTestGateway(artist.client, { planId: "pro_artist" });
    expect(paid.amountPaise).toBe(99_900 - credit);
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("pro_artist");
    // The Basic subscription it replaced was cancelled at the gateway.
    const statuses = rows<{ plan: string; status: string }>(
      await server.database.db.execute(
        sql`select plan_id as plan, status from gateway_subscriptions where user_id = ${artist.id} order by created_at`,
      ),
    );
    expect(statuses).toEqual([
      { plan: "basic_artist", status: "cancelled" },
      { plan: "pro_artist", status: "active" },
    ]);

    // Downgrade: nothing charged now; Basic from the renewal.
    const down = await artist.client.post("/api/checkouts", { planId: "basic_artist", billing: WEST_BENGAL });
    expect(down.status).toBe(201);
    expect(down.body.checkout).toBeNull();
    expect(down.body.scheduled).toMatchObject({ planId: "basic_artist", effectiveOn: oneYearAfter(today()) });
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("pro_artist");
    expect((await artist.client.get("/api/billing")).body.scheduledPlanId).toBe("basic_artist");

    // The renewal day: the gateway charges the scheduled plan's price and the plan becomes Basic.
    const renewed = await server.payments.testGateway?.renewDue(oneYearAfter(today()));
    expect(renewed).toBe(1);
    const after = (await artist.client.get("/api/billing")).body;
    expect(after.payments.map((p: { amountPaise: number }) => p.amountPaise)).toEqual([
      49_900,
      99_900 - credit,
      49_900,
    ]);
    expect(after.invoices).toHaveLength(3);
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("basic_artist");
    // Each change of plan is in the audit log, newest first, with the plan it replaced.
    const audit = (await artist.client.get("/api/workspace/audit?kind=plan")).body.entries;
    expect(audit.map((e: { summary: string; before: unknown }) => [e.summary, e.before])).toEqual([
      ["Basic Artist started, paid", { planId: "pro_artist" }],
      ["Pro Artist started, paid", { planId: "basic_artist" }],
      ["Basic Artist started, paid", null],
    ]);
  });

  it("cancels at period end: the gateway stops renewing and the plan runs to its end", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "label_plan" });
    const cancelled = await artist.client.post("/api/subscription/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.current).toMatchObject({ planId: "label_plan", status: "active", cancelAtPeriodEnd: true });
    expect((await artist.client.post("/api/subscription/cancel")).status).toBe(409);
    await server.payments.testGateway?.renewDue(oneYearAfter(today()));
    expect(await count("payments", artist.id)).toBe(1);
    const sub = rows<{ status: string }>(
      await server.database.db.execute(sql`select status from gateway_subscriptions where user_id = ${artist.id}`),
    );
    expect(sub).toEqual([{ status: "cancelled" }]);
  });

  it("numbers invoices without gaps when payments arrive together", async () => {
    const artists = await Promise.all(Array.from({ length: 6 }, () => createArtist(server)));
    await Promise.all(artists.map((a) => payOnTestGateway(a.client, { planId: "basic_artist" })));
    const numbers = rows<{ number: string }>(
      await server.database.db.execute(sql`select number from invoices order by number`),
    ).map((r) => Number(r.number.slice(-6)));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("Pay clicked six times at once on one checkout is one payment, one invoice, one plan year (issue 33)", async () => {
    const artist = await createArtist(server);
    const started = await artist.client.post("/api/checkouts", { billing: WEST_BENGAL, planId: "pro_artist" });
    const ref = started.body.checkout.gatewayRef as string;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        artist.client.post(`/api/test-gateway/checkouts/${ref}/pay`, { method: "upi", outcome: "success" }),
      ),
    );
    expect(await count("payments", artist.id)).toBe(1);
    expect(await count("invoices", artist.id)).toBe(1);
    const billing = (await artist.client.get("/api/billing")).body;
    expect(billing.nextRenewal).toBe(oneYearAfter(today()));
  });

  it("one open checkout per account: a stale upgrade checkout paid later never moves the plan (issue 33)", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    // Two tabs: Pro quoted first, then Label; the newer checkout replaces the older.
    const stale = (await artist.client.post("/api/checkouts", { billing: WEST_BENGAL, planId: "pro_artist" })).body
      .checkout;
    const label = (await artist.client.post("/api/checkouts", { billing: WEST_BENGAL, planId: "label_plan" })).body
      .checkout;
    expect((await artist.client.get(`/api/checkouts/${stale.id}`)).body).toMatchObject({
      status: "superseded",
      failureReason: expect.stringContaining("replaced"),
    });
    expect(
      (
        await artist.client.post(`/api/test-gateway/checkouts/${label.gatewayRef}/pay`, {
          method: "upi",
          outcome: "success",
        })
      ).status,
    ).toBe(200);
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("label_plan");
    // The stale one cannot be paid on the test gateway…
    const late = await artist.client.post(`/api/test-gateway/checkouts/${stale.gatewayRef}/pay`, {
      method: "upi",
      outcome: "success",
    });
    expect(late.status).toBeGreaterThanOrEqual(400);
    // …and when a gateway charges it anyway, the money is recorded for a refund and the plan stays.
    const raw = JSON.stringify({
      entity: "event",
      event: "subscription.charged",
      created_at: Math.floor(Date.now() / 1000) + 1,
      payload: {
        subscription: { entity: { id: stale.gatewayRef, status: "active" } },
        payment: {
          entity: { id: "pay_stale_1", amount: stale.amountPaise, currency: "INR", method: "upi", status: "captured" },
        },
      },
    });
    const charged = await server.client().request("POST", "/api/webhooks/razorpay", raw, {
      "x-razorpay-signature": signWebhook(raw, server.payments.gateway.webhookSecret),
      "x-razorpay-event-id": "evt_stale_1",
      origin: "",
    });
    expect(charged.body.outcome).toBe("superseded");
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("label_plan");
    expect(await count("payments", artist.id)).toBe(3);
    expect(await count("invoices", artist.id)).toBe(2);
  });

  it("holds deliveries until the release is paid for, by the Introductory Offer or the plan", async () => {
    const artist = await createArtist(server);
    const release = await createLiveRelease(server, admin, artist.client);
    const statuses = async (id: string) =>
      rows<{ status: string }>(
        await server.database.db.execute(sql`select distinct status from deliveries where release_id = ${id}`),
      ).map((r) => r.status);
    expect(await statuses(release.id)).toEqual(["awaiting_payment"]);
    expect((await artist.client.get(`/api/releases/${release.id}`)).body.delivery.awaitingPayment).toBe(6);
    // Live releases keep their status while they wait.
    expect((await artist.client.get(`/api/releases/${release.id}`)).body.release.status).toBe("live");

    const offer = await payOnTestGateway(artist.client, { planId: "introductory", releaseId: release.id });
    expect(offer).toMatchObject({ status: "paid", amountPaise: 29_900 });
    // Queued for the stores now (the worker may already be sending them).
    expect(await statuses(release.id)).not.toContain("awaiting_payment");
    // Paying twice for the same release is refused; the plan is still unpaid.
    expect(
      (
        await artist.client.post("/api/checkouts", {
          planId: "introductory",
          releaseId: release.id,
          billing: WEST_BENGAL,
        })
      ).status,
    ).toBe(409);
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(false);

    // A second release waits again, until the plan is paid; then it goes too.
    const second = await createLiveRelease(server, admin, artist.client, { title: "Second" });
    expect(await statuses(second.id)).toEqual(["awaiting_payment"]);
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    expect(await statuses(second.id)).not.toContain("awaiting_payment");
    // Someone else's release cannot be paid for.
    const other = await createArtist(server);
    const theirs = await createRelease(other.client);
    expect(
      (
        await artist.client.post("/api/checkouts", {
          planId: "introductory",
          releaseId: theirs.id,
          billing: WEST_BENGAL,
        })
      ).status,
    ).toBe(404);
  });

  it("lets an admin give a complimentary plan, with a reason, that counts as paid", async () => {
    const artist = await createArtist(server);
    const release = await createLiveRelease(server, admin, artist.client);
    expect((await admin.post("/api/admin/subscriptions", { userId: artist.id, planId: "pro_artist" })).status).toBe(
      400,
    );
    const given = await admin.post("/api/admin/subscriptions", {
      userId: artist.id,
      planId: "pro_artist",
      reason: "Festival partner",
    });
    expect(given.status).toBe(201);
    expect(given.body.subscription).toMatchObject({ kind: "complimentary", complimentaryReason: "Festival partner" });
    const overview = (await artist.client.get("/api/subscription")).body;
    expect(overview).toMatchObject({ currentPlanId: "pro_artist", paidUp: true });
    expect((await artist.client.get("/api/billing")).body).toMatchObject({ kind: "complimentary", payments: [] });
    const audit = (await artist.client.get("/api/workspace/audit?kind=plan")).body.entries;
    expect(audit.map((e: { actorName: string; summary: string }) => [e.actorName, e.summary])).toEqual([
      ["Kalrav Admin", "Pro Artist started, complimentary: Festival partner"],
    ]);
    // Released to the stores (the worker may already be sending them).
    const released = rows<{ n: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as n from deliveries where release_id = ${release.id} and status <> 'awaiting_payment'`,
      ),
    );
    expect(released[0]?.n).toBe(6);
  });

  it("uses the paid plan's share for dashboard royalties", async () => {
    const artist = await createArtist(server);
    const release = await createRelease(artist.client);
    await server.database.db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise)
      values (${release.id}, 'Spotify', 'IN', ${today()}, 10, 5, 10000)`);
    await rebuildLedger(server.database.db, [artist.id]);
    expect((await artist.client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise).toBe(8000);
    await payOnTestGateway(artist.client, { planId: "pro_artist" });
    expect((await artist.client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise).toBe(8500);
  });

  it("refunds through the gateway, never more than was paid, with a reason", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    const list = (await admin.get("/api/admin/payments")).body;
    expect(list.total).toBe(1);
    const payment = list.items[0];
    expect(payment).toMatchObject({ amountPaise: 49_900, refundedPaise: 0, gateway: "test", method: "upi" });
    expect(payment.invoiceNumber).toMatch(/^KAL\//);
    expect((await artist.client.post(`/api/admin/payments/${payment.id}/refund`, { reason: "x" })).status).toBe(403);
    expect((await admin.post(`/api/admin/payments/${payment.id}/refund`, { reason: " " })).status).toBe(400);
    expect(
      (await admin.post(`/api/admin/payments/${payment.id}/refund`, { amountPaise: 50_000, reason: "Too much" }))
        .status,
    ).toBe(409);
    expect(
      (await admin.post(`/api/admin/payments/${payment.id}/refund`, { amountPaise: 10_000, reason: "Goodwill" }))
        .status,
    ).toBe(200);
    // A part refund leaves the plan; all of it given back ends the plan it bought (issue 33).
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(true);
    const rest = await admin.post(`/api/admin/payments/${payment.id}/refund`, { reason: "Closing the account" });
    expect(rest.status).toBe(200);
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(false);
    const after = (await admin.get("/api/admin/payments")).body.items[0];
    expect(after.refundedPaise).toBe(49_900);
    expect(after.refunds.map((r: { amountPaise: number }) => r.amountPaise).sort()).toEqual([10_000, 39_900]);
    expect((await admin.post(`/api/admin/payments/${payment.id}/refund`, { reason: "Again" })).status).toBe(409);
  });
});

describe("a plan that lapses", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("keeps live releases live when the renewal halts, and tells the artist exactly that", async () => {
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "pro_artist" });
    const release = await createLiveRelease(server, admin, artist.client);
    const ref = rows<{ ref: string }>(
      await server.database.db.execute(sql`select gateway_subscription_id as ref from gateway_subscriptions`),
    )[0]?.ref;
    const send = (event: string, id: string) => {
      const raw = JSON.stringify({
        entity: "event",
        event,
        created_at: Math.floor(Date.now() / 1000) + 1,
        payload: { subscription: { entity: { id: ref, status: "x" } } },
      });
      return server.client().request("POST", "/api/webhooks/razorpay", raw, {
        "x-razorpay-signature": signWebhook(raw, server.payments.gateway.webhookSecret),
        "x-razorpay-event-id": id,
        origin: "",
      });
    };
    expect((await send("subscription.pending", "evt_p")).status).toBe(200);
    // Pending: the gateway is still retrying; the plan still counts as paid.
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(true);
    expect((await send("subscription.halted", "evt_h")).body.outcome).toBe("applied");
    expect((await artist.client.get("/api/subscription")).body).toMatchObject({ paidUp: false, lapsed: true });
    expect((await artist.client.get(`/api/releases/${release.id}`)).body.release.status).toBe("live");
    const mails = await server.outbox();
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(["Your renewal payment failed", "Your plan has lapsed"]),
    );
    expect(mails.find((m) => m.subject === "Your plan has lapsed")?.text).toContain(
      "Your live releases stay live and keep earning",
    );
    // A new release now waits for payment again.
    const next = await createLiveRelease(server, admin, artist.client, { title: "After the lapse" });
    const statuses = rows<{ status: string }>(
      await server.database.db.execute(sql`select distinct status from deliveries where release_id = ${next.id}`),
    );
    expect(statuses).toEqual([{ status: "awaiting_payment" }]);
  });

  it("reminds 7 days and 1 day before renewal, once each, and tells the artist when a period ends unrenewed", async () => {
    const artist = await createArtist(server);
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    const end = oneYearAfter(today());
    const dayBefore = (days: number) => addDays(end, -days);
    const deps = {
      db: server.database.db,
      mailer: { transport: "outbox" as const, send: async () => {} },
      logger: silentLogger,
      publicUrl: server.url,
    };
    expect(await sendPlanReminders(deps, dayBefore(7))).toBe(1);
    expect(await sendPlanReminders(deps, dayBefore(7))).toBe(0);
    expect(await sendPlanReminders(deps, dayBefore(1))).toBe(1);
    const notices = (await artist.client.get("/api/notifications")).body.notifications.map(
      (n: { title: string }) => n.title,
    );
    expect(notices).toEqual(
      expect.arrayContaining(["Your Basic Artist plan renews in 7 days", "Your Basic Artist plan renews tomorrow"]),
    );
    // The day after the period ends, without a renewal.
    const after = addDays(end, 1);
    expect(await sendPlanReminders(deps, after)).toBe(1);
    expect(await sendPlanReminders(deps, after)).toBe(0);
  });
});
