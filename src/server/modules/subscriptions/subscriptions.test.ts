import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { oneYearAfter } from "#domain/subscriptions";
import { rebuildLedger } from "#server/modules/reports";
import { createArtist } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";

describe("artist subscription API", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/subscription")).status).toBe(401);
    expect((await anonymous.post("/api/subscription", { planId: "pro_artist" })).status).toBe(401);
    expect((await anonymous.post("/api/subscription/cancel")).status).toBe(401);
    expect((await anonymous.post("/api/subscription/resume")).status).toBe(401);
  });

  it("starts a new artist on Basic Artist without a record", async () => {
    const artist = await createArtist(server);
    const res = await artist.client.get("/api/subscription");
    expect(res.body).toEqual({ currentPlanId: "basic_artist", current: null, history: [] });
    expect((await artist.client.post("/api/subscription", { planId: "basic_artist" })).status).toBe(409);
    expect((await artist.client.post("/api/subscription/cancel")).status).toBe(409);
  });

  it("records a yearly INR record on upgrade, ends the old one on downgrade, and keeps artists apart", async () => {
    const artist = await createArtist(server);
    const other = await createArtist(server);
    const today = new Date().toISOString().slice(0, 10);
    const up = await artist.client.post("/api/subscription", { planId: "pro_artist" });
    expect(up.status).toBe(200);
    expect(up.body.currentPlanId).toBe("pro_artist");
    expect(up.body.current).toMatchObject({
      planId: "pro_artist",
      status: "active",
      startDate: today,
      endDate: oneYearAfter(today),
      amountPaise: 99_900,
      currency: "INR",
      cancelAtPeriodEnd: false,
    });
    const down = await artist.client.post("/api/subscription", { planId: "basic_artist" });
    expect(down.body.currentPlanId).toBe("basic_artist");
    expect(down.body.history.map((s: { planId: string; status: string }) => `${s.planId}:${s.status}`)).toEqual([
      "basic_artist:active",
      "pro_artist:cancelled",
    ]);
    expect((await other.client.get("/api/subscription")).body.history).toEqual([]);
  });

  it("cancels at period end and resumes", async () => {
    const artist = await createArtist(server);
    await artist.client.post("/api/subscription", { planId: "label_plan" });
    const cancelled = await artist.client.post("/api/subscription/cancel");
    expect(cancelled.body.current).toMatchObject({ planId: "label_plan", status: "active", cancelAtPeriodEnd: true });
    expect((await artist.client.post("/api/subscription/cancel")).status).toBe(409);
    const resumed = await artist.client.post("/api/subscription/resume");
    expect(resumed.body.current.cancelAtPeriodEnd).toBe(false);
  });

  it("refuses unknown plans and writes nothing", async () => {
    const artist = await createArtist(server);
    for (const body of [{ planId: "gold" }, { planId: 1 }, {}]) {
      expect((await artist.client.post("/api/subscription", body)).status).toBe(400);
    }
    expect((await artist.client.get("/api/subscription")).body.history).toEqual([]);
  });

  it("never keeps two active records, even when changes race", async () => {
    const artist = await createArtist(server);
    const responses = await Promise.all(
      ["pro_artist", "label_plan", "pro_artist", "label_plan"].map((planId) =>
        artist.client.post("/api/subscription", { planId }),
      ),
    );
    for (const res of responses) expect([200, 409]).toContain(res.status);
    const rows = await server.database.db.execute(
      sql`select count(*)::int as n from subscriptions where user_id = ${artist.id} and status = 'active'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("uses the plan's share for dashboard royalties", async () => {
    const artist = await createArtist(server);
    const release = (
      await artist.client.post("/api/releases", {
        title: "Share",
        artistName: "A",
        releaseDate: "2026-01-01",
        audioFileUrl: "https://x.example/a.wav",
        coverArtUrl: "https://x.example/a.jpg",
      })
    ).body.release;
    await server.database.db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise)
      values (${release.id}, 'Spotify', 'IN', ${new Date().toISOString().slice(0, 10)}, 10, 5, 10000)`);
    await rebuildLedger(server.database.db, [artist.id]);
    expect((await artist.client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise).toBe(8000);
    await artist.client.post("/api/subscription", { planId: "pro_artist" });
    expect((await artist.client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise).toBe(8500);
  });
});
