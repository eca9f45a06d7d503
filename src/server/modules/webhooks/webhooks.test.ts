import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayIst } from "#domain/clock";
import { WEBHOOK_MESSAGES } from "#domain/webhooks";
import { signWebhook } from "#server/lib/webhook-signature";
import type { TestPayoutProvider } from "#server/modules/payouts";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, createLiveRelease, createRelease } from "#server/test/factories";
import { goodMedia } from "#server/test/media-fixtures";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { uploadFile } from "#server/test/tus";

type Artist = Awaited<ReturnType<typeof createArtist>>;
interface Received {
  headers: Record<string, string>;
  body: string;
}
/** How the receiver answers the next request: a status, or silence past the sender's timeout. */
type Behaviour = number | "hang";

/** A webhook receiver on loopback: it keeps every request and answers as told (200 when not told). */
async function startReceiver() {
  const received: Received[] = [];
  const plan: Behaviour[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const next = plan.shift() ?? 200;
      if (next === "hang") return; // never answers: the sender gives up
      res.writeHead(next, { "content-type": "text/plain" }).end(next === 200 ? "ok" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/kalrav-events`,
    received,
    plan,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verifies a received message as a receiver would, with the Standard Webhooks library. */
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };

describe("signed webhooks out (issue 38)", () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: TestClient;
  let label: Artist;
  let storeDir: string;

  beforeEach(async () => {
    receiver = await startReceiver();
    // One store, delivered to a folder, so releases have deliveries to report on.
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-webhooks-"));
    const store = { id: "spotify", name: "Spotify", dpid: "PADPIDATESTSPOTIFY", downloads: false };
    await fs.writeFile(
      path.join(storeDir, "stores.json"),
      JSON.stringify([{ ...store, transport: { kind: "folder", path: path.join(storeDir, "spotify") } }]),
    );
    server = await startTestServer({
      FETCH_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
      WEBHOOK_TIMEOUT_SECONDS: "0.5",
      STORES_FILE: path.join(storeDir, "stores.json"),
    });
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    label = await createArtist(server, "Webhook Label");
    await createSubscription(server.database.db, label.id, "label_plan", "test: a label");
  });
  afterEach(async () => {
    await server?.close();
    await receiver?.close();
    await fs.rm(storeDir, { recursive: true, force: true });
  });

  const register = async (events: string[], url = receiver.url) => {
    const res = await label.client.post("/api/webhook-endpoints", { url, events });
    expect(res.status, res.text).toBe(201);
    return res.body as { endpoint: { id: string }; secret: string };
  };
  const log = async (endpointId: string) =>
    (await label.client.get(`/api/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries as {
      id: string;
      eventType: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      lastError: string | null;
    }[];
  /** Makes every waiting retry due now (the queue's backoff would wait seconds) and runs it. */
  const retryNow = async () => {
    await server.database.db.execute(sql`update jobs set run_at = now() where kind = 'webhook' and status = 'queued'`);
    await server.jobs.drain();
  };

  it("signs each message so the Standard Webhooks library verifies it, sends only the events chosen, and logs the answer", async () => {
    const { endpoint, secret } = await register(["release.status_changed", "delivery.state_changed"]);
    expect(secret).toMatch(/^whsec_/);
    // The secret is never shown again.
    const listed = await label.client.get("/api/webhook-endpoints");
    expect(listed.text).not.toContain(secret.slice(6));

    // A release made from checked files, approved, and sent to the store.
    const files = await goodMedia();
    const audioUploadId = await uploadFile(label.client, {
      kind: "audio",
      type: "audio/wav",
      name: "a.wav",
      bytes: files.audio,
    });
    const coverArtUploadId = await uploadFile(label.client, {
      kind: "artwork",
      type: "image/jpeg",
      name: "cover.jpg",
      bytes: files.artwork,
    });
    const created = await createRelease(label.client, { title: "Hooked Single", audioUploadId, coverArtUploadId });
    await server.jobs.drain();
    const approved = await admin.post(`/api/admin/releases/${created.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const release = { id: created.id, upcEan: approved.body.release.upcEan as string };
    await server.jobs.drain();
    const messages = receiver.received.map((r) => verify(secret, r));
    const statuses = messages.filter((m) => m.type === "release.status_changed").map((m) => m.data.event);
    expect(statuses).toEqual(["submitted", "approved"]);
    expect(messages.find((m) => m.data.event === "approved")?.data).toMatchObject({
      releaseId: release.id,
      title: "Hooked Single",
      status: "live",
      upc: release.upcEan,
    });
    // Each store the release was sent to is told, store by store.
    const sent = messages.filter((m) => m.type === "delivery.state_changed");
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m.data).toMatchObject({ releaseId: release.id, status: "sent", kind: "insert" });
    // Nothing it did not ask for (no statement or payout events), and nothing twice.
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(["release.status_changed", "delivery.state_changed"]));
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);

    const entries = await log(endpoint.id);
    expect(entries).toHaveLength(receiver.received.length);
    for (const e of entries) expect(e).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 200 });
    // A tampered body fails verification.
    const first = receiver.received[0] as Received;
    expect(() => verify(secret, { ...first, body: first.body.replace("Hooked", "Hacked") })).toThrow();
  });

  it("tells a statement's month when a store report brings earnings", async () => {
    const { secret } = await register(["statement.ready"]);
    const release = await createLiveRelease(server, admin, label.client, { title: "Earning Single" });
    await server.jobs.drain();
    receiver.received.length = 0;
    await importReport(admin, "october.csv", [
      `2026-10-03,Spotify,IN,${release.upcEan},${release.isrcs[0]},1000,800,120.50,INR`,
    ]);
    await server.jobs.drain();
    const messages = receiver.received.map((r) => verify(secret, r));
    expect(messages.map((m) => [m.type, m.data.month])).toEqual([["statement.ready", "2026-10"]]);
  });

  it("tells a payout paid, and one that came back", async () => {
    const { secret } = await register(["payout.paid", "payout.failed"]);
    const release = await createLiveRelease(server, admin, label.client, { title: "Paying Single" });
    await importReport(admin, "earnings.csv", [
      `${todayIst()},Spotify,IN,${release.upcEan},${release.isrcs[0]},100,10,2000.00,INR`,
    ]);
    const payee = await label.client.request("PUT", "/api/payee-details", {
      residence: "india",
      legalName: "Webhook Label",
      pan: "ABCPE1234F",
      method: "upi",
      upiId: "label@okbank",
    });
    expect(payee.status, payee.text).toBe(200);
    expect((await label.client.post("/api/royalties/payouts")).status).toBe(201);
    const payout = (await label.client.get("/api/royalties")).body.payouts[0];
    await admin.post("/api/admin/payouts/approve", { ids: [payout.id] });
    const provider = server.payouts.provider as TestPayoutProvider;
    await provider.settle();
    await server.jobs.drain();
    const paid = receiver.received.map((r) => verify(secret, r));
    expect(paid.map((m) => m.type)).toEqual(["payout.paid"]);
    expect(paid[0]?.data).toMatchObject({ payoutId: payout.id, status: "completed", amountPaise: payout.amountPaise });
    expect(paid[0]?.data.utr).toMatch(/^TESTUTR/);

    // The bank returns it: the provider's genuine webhook, and ours follows.
    const raw = JSON.stringify({
      event: "payout.reversed",
      payload: {
        payout: {
          entity: { id: "pout_x", reference_id: payout.id, status: "reversed", failure_reason: "Account closed" },
        },
      },
    });
    const returned = await server.client().request("POST", "/api/webhooks/razorpayx", raw, {
      "content-type": "application/json",
      "x-razorpay-signature": signWebhook(raw, provider.webhookSecret),
      "x-razorpay-event-id": "evt_reversal",
    });
    expect(returned.status).toBe(200);
    await server.jobs.drain();
    const failed = verify(secret, receiver.received.at(-1) as Received);
    expect(failed).toMatchObject({
      type: "payout.failed",
      data: { payoutId: payout.id, status: "reversed", failureReason: "Account closed" },
    });
  });

  it("retries after a 500 and after a timeout, with the same message id, until the endpoint answers", async () => {
    const { endpoint, secret } = await register(["release.status_changed"]);
    receiver.plan.push(500, "hang");
    await createRelease(label.client, { title: "Retried Single" });
    await server.jobs.drain();
    let [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(entry?.lastError).toContain("answered 500");

    await retryNow();
    [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "pending", attempts: 2, responseStatus: null });
    expect(entry?.lastError).toContain("no answer within");

    await retryNow();
    [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 200, lastError: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    // Each attempt is signed afresh (its own timestamp) and verifies.
    for (const r of receiver.received) expect(verify(secret, r).type).toBe("release.status_changed");
  });

  it("gives up after the last attempt, and sends again on request", async () => {
    const { endpoint } = await register(["release.status_changed"]);
    receiver.plan.push(...Array(8).fill(503));
    await createRelease(label.client, { title: "Failing Single" });
    await server.jobs.drain();
    for (let i = 0; i < 7; i++) await retryNow();
    let [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "failed", attempts: 8, responseStatus: 503 });
    await retryNow();
    expect(receiver.received).toHaveLength(8);

    const resent = await label.client.post(`/api/webhook-deliveries/${entry?.id}/resend`);
    expect(resent.status).toBe(202);
    await server.jobs.drain();
    [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "delivered", attempts: 9, responseStatus: 200 });
    expect(receiver.received.at(-1)?.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);
  });

  it("rotates the secret: both sign for a day, then only the new one", async () => {
    const { endpoint, secret: old } = await register(["payout.paid"]);
    const rotated = await label.client.post(`/api/webhook-endpoints/${endpoint.id}/rotate`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.body.endpoint.previousSecretUntil).not.toBeNull();

    expect((await label.client.post(`/api/webhook-endpoints/${endpoint.id}/test`)).status).toBe(202);
    await server.jobs.drain();
    const during = receiver.received.at(-1) as Received;
    expect(during.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(verify(fresh, during).type).toBe("webhook.test");
    expect(verify(old, during).type).toBe("webhook.test");

    // The day is over: the old secret no longer signs.
    await server.database.db.execute(
      sql`update webhook_endpoints set previous_secret_until = now() - interval '1 minute' where id = ${endpoint.id}`,
    );
    await label.client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    await server.jobs.drain();
    const after = receiver.received.at(-1) as Received;
    expect(after.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
    expect(verify(fresh, after).type).toBe("webhook.test");
    expect(() => verify(old, after)).toThrow();
  });

  it("refuses private and local addresses, at registration and when sending, and no request leaves", async () => {
    for (const url of [
      "http://10.0.0.5/hooks",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:8080/hooks",
      `http://localhost:${receiver.port}/kalrav-events`,
      "http://127.0.0.1:5432/",
    ]) {
      const res = await label.client.post("/api/webhook-endpoints", { url, events: ["payout.paid"] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.message).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    const creds = await label.client.post("/api/webhook-endpoints", {
      url: "https://user:pass@hooks.example.com/",
      events: ["payout.paid"],
    });
    expect(creds.body.error.message).toBe(WEBHOOK_MESSAGES.credentials);
    expect((await label.client.get("/api/webhook-endpoints")).body.endpoints).toEqual([]);

    // An endpoint whose address became private (here: changed under us) is refused at sending time,
    // without a request and without retries.
    const { endpoint } = await register(["release.status_changed"]);
    await server.database.db.execute(
      sql`update webhook_endpoints set url = ${`http://127.0.0.2:${receiver.port}/kalrav-events`} where id = ${endpoint.id}`,
    );
    await createRelease(label.client, { title: "Private Single" });
    await server.jobs.drain();
    await retryNow();
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: "failed", attempts: 1, responseStatus: null });
    expect(entry?.lastError).toContain("private or local address");
    expect(receiver.received).toHaveLength(0);
  });

  it("checks the input, the plan and the workspace", async () => {
    const bad = [
      [{ url: "not an address", events: ["payout.paid"] }, "Enter a full address"],
      [{ url: "ftp://hooks.example.com/", events: ["payout.paid"] }, "Use an http:// or https:// address."],
      [{ url: "https://hooks.example.com/", events: [] }, "Choose at least one event."],
      [{ url: "https://hooks.example.com/", events: ["release.deleted"] }, "Choose events from the list."],
    ] as const;
    for (const [body, message] of bad) {
      const res = await label.client.post("/api/webhook-endpoints", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toContain(message);
    }
    expect((await label.client.get("/api/webhook-endpoints")).body.endpoints).toEqual([]);

    // Without the Label Plan: refused, and said why.
    const solo = await createArtist(server, "Solo Artist");
    const refused = await solo.client.post("/api/webhook-endpoints", { url: receiver.url, events: ["payout.paid"] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(WEBHOOK_MESSAGES.plan);

    // Another workspace's endpoint and messages are not found, and its log untouched.
    const { endpoint } = await register(["release.status_changed"]);
    await createRelease(label.client, { title: "Mine" });
    await server.jobs.drain();
    const [entry] = await log(endpoint.id);
    for (const [method, path] of [
      ["GET", `/api/webhook-endpoints/${endpoint.id}/deliveries`],
      ["POST", `/api/webhook-endpoints/${endpoint.id}/rotate`],
      ["POST", `/api/webhook-endpoints/${endpoint.id}/test`],
      ["DELETE", `/api/webhook-endpoints/${endpoint.id}`],
      ["POST", `/api/webhook-deliveries/${entry?.id}/resend`],
    ] as const) {
      const res = await solo.client.request(method, path, method === "POST" ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await log(endpoint.id)).toHaveLength(1);

    // Removing it removes its log; the audit log keeps what happened.
    expect((await label.client.request("DELETE", `/api/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
    expect((await label.client.get("/api/webhook-endpoints")).body.endpoints).toEqual([]);
    const audit = await label.client.get("/api/workspace/audit?kind=webhook");
    expect(audit.text).toContain("removed");
  });
});
