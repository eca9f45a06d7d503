import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NO_AI } from "#domain/ai-disclosure";
import { addDays, todayIst } from "#domain/clock";
import { COMPILATION_MESSAGES, PRE_ORDER_MESSAGES, RELEASE_NOTICES } from "#domain/releases";
import { rebuildLedger } from "#server/modules/royalties";
import { createArtist, setReleaseStatus, validRelease } from "#server/test/factories";
import { payOnTestGateway } from "#server/test/payments";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

describe("artist releases API", () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createArtist>>;
  let other: Awaited<ReturnType<typeof createArtist>>;
  let admin: TestClient;
  const countReleases = async () => {
    const r = await server.database.db.execute(sql`select count(*)::int as n from releases`);
    return (r as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  beforeEach(async () => {
    server = await startTestServer();
    owner = await createArtist(server, "Owner");
    other = await createArtist(server, "Other");
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors on every route", async () => {
    const anonymous = server.client();
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path, body] of [
      ["GET", "/api/releases", undefined],
      ["POST", "/api/releases", validRelease()],
      ["GET", `/api/releases/${id}`, undefined],
      ["PUT", `/api/releases/${id}`, validRelease()],
      ["DELETE", `/api/releases/${id}`, undefined],
      ["GET", "/api/dashboard", undefined],
    ] as const) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  /** "First" (clean, no code), then "Second" (explicit, with a UPC). */
  const submitTwo = async () => {
    const first = await owner.client.post("/api/releases", validRelease({ title: "First" }));
    const second = await owner.client.post(
      "/api/releases",
      validRelease({ title: "Second", upcEan: "036000291452", isExplicit: true }),
    );
    return { first, second };
  };

  it("submits a release as pending review, owned by the artist, newest first", async () => {
    const { first } = await submitTwo();
    expect(first.status).toBe(201);
    expect(first.body.release).toMatchObject({
      title: "First",
      status: "pending_review",
      streams: 0,
      isExplicit: false,
      upcEan: null,
      genre: "Indie",
    });
    const list = await owner.client.get("/api/releases");
    expect(list.body.releases.map((r: { title: string }) => r.title)).toEqual(["Second", "First"]);
  });

  it("keeps each artist's releases to themselves", async () => {
    await submitTwo();
    const mine = await owner.client.get("/api/releases");
    const id = mine.body.releases[0].id;
    expect((await other.client.get("/api/releases")).body.releases).toEqual([]);
    expect((await other.client.get(`/api/releases/${id}`)).status).toBe(404);
    expect((await other.client.request("PUT", `/api/releases/${id}`, validRelease({ title: "Stolen" }))).status).toBe(
      404,
    );
    expect((await other.client.request("DELETE", `/api/releases/${id}`)).status).toBe(404);
    // The artist routes are the artist's own: an admin has none there (admin review has its own routes).
    expect((await admin.get(`/api/releases/${id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/releases/${id}`)).body.release.title).toBe("Second");
  });

  it("filters by tab, status, type and title", async () => {
    const titles = async (query: string) =>
      (await owner.client.get(`/api/releases?${query}`)).body.releases.map((r: { title: string }) => r.title);
    await submitTwo();
    expect(await titles("tab=explicit")).toEqual(["Second"]);
    expect(await titles("tab=clean")).toEqual(["First"]);
    expect(await titles("q=sec")).toEqual(["Second"]);
    expect(await titles("q=%25")).toEqual([]);
    expect(await titles("status=live")).toEqual([]);
    expect(await titles("type=single")).toEqual(["Second", "First"]);
    expect((await owner.client.get("/api/releases?tab=weird")).status).toBe(400);
  });

  it("refuses invalid uploads with the spec's messages and stores nothing", async () => {
    const before = await countReleases();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, RELEASE_NOTICES.missing.description],
      [{ coverArtUrl: "" }, RELEASE_NOTICES.missing.description],
      [{ audioFileUrl: "ftp://x.com/a.wav" }, RELEASE_NOTICES.invalidAudio.description],
      [{ coverArtUrl: "javascript:alert(1)" }, RELEASE_NOTICES.invalidArtwork.description],
      [{ upcEan: "036000291453" }, RELEASE_NOTICES.invalidUpc.description],
      [{ releaseDate: "2026-13-01" }, RELEASE_NOTICES.invalidDate.description],
    ];
    for (const [override, message] of cases) {
      const res = await owner.client.post("/api/releases", validRelease(override));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    for (const body of [{ ...validRelease(), releaseType: "mixtape" }, { ...validRelease(), isExplicit: "yes" }, []]) {
      expect((await owner.client.post("/api/releases", body)).status).toBe(400);
    }
    expect(await countReleases()).toBe(before);
  });

  it("lets the artist fix a rejected release and resubmit it, keeping its history and the reviewer's note", async () => {
    const created = (await owner.client.post("/api/releases", validRelease({ title: "Rough Cut" }))).body.release;
    const rejected = await admin.post(`/api/admin/releases/${created.id}/reject`, { notes: "The cover is blurry." });
    expect(rejected.status).toBe(200);

    // Someone else cannot touch it; the owner changes it and it is back in review.
    const stranger = await other.client.request("PUT", `/api/releases/${created.id}`, validRelease());
    expect(stranger.status).toBe(404);
    const fixed = await owner.client.request(
      "PUT",
      `/api/releases/${created.id}`,
      validRelease({ title: "Final Cut" }),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.release).toMatchObject({
      title: "Final Cut",
      status: "pending_review",
      adminNotes: "The cover is blurry.",
    });
    expect(Date.parse(fixed.body.release.submittedAt)).toBeGreaterThan(Date.parse(created.submittedAt));

    const detail = (await owner.client.get(`/api/releases/${created.id}`)).body;
    expect(detail.history.map((e: { kind: string; note: string | null }) => [e.kind, e.note])).toEqual([
      ["submitted", null],
      ["rejected", "The cover is blurry."],
      ["resubmitted", null],
    ]);
    // Editing again while it waits is an ordinary change, not another resubmission.
    await owner.client.request("PUT", `/api/releases/${created.id}`, validRelease({ title: "Final Cut 2" }));
    expect((await owner.client.get(`/api/releases/${created.id}`)).body.history).toHaveLength(3);
    // The admin sees the same history.
    const adminView = (await admin.get(`/api/admin/releases/${created.id}`)).body;
    expect(adminView.history.map((e: { kind: string }) => e.kind)).toEqual(["submitted", "rejected", "resubmitted"]);
    // A rejected release may also be withdrawn.
    await admin.post(`/api/admin/releases/${created.id}/reject`, { notes: "Still blurry." });
    expect((await owner.client.request("DELETE", `/api/releases/${created.id}`)).status).toBe(200);
  });

  it("keeps each track's credits (composers, lyricists, producers) and the language sung; refuses unknown ones", async () => {
    const created = await owner.client.post(
      "/api/releases",
      validRelease({
        language: "bn",
        tracks: [
          {
            title: "Monsoon Nights",
            contributors: [
              { name: "Owner", role: "composer" },
              { name: "Gulzar Rao", role: "lyricist" },
              { name: "Meera Iyer", role: "producer" },
            ],
          },
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.release.language).toBe("bn");
    const detail = await owner.client.get(`/api/releases/${created.body.release.id}`);
    expect(detail.body.tracks[0].contributors).toEqual([
      { name: "Owner", role: "composer" },
      { name: "Gulzar Rao", role: "lyricist" },
      { name: "Meera Iyer", role: "producer" },
    ]);
    const before = await countReleases();
    for (const body of [
      validRelease({ language: "klingon" }),
      validRelease({ tracks: [{ title: "X", contributors: [{ name: "A", role: "drummer" }] }] }),
      validRelease({ tracks: [{ title: "X", contributors: [{ name: "  ", role: "composer" }] }] }),
    ]) {
      expect((await owner.client.post("/api/releases", body)).status).toBe(400);
    }
    expect(await countReleases()).toBe(before);
    await server.jobs.drain();
  });

  it("a compilation keeps each track's artist and its label; without them it is refused with the reason, and nothing is stored", async () => {
    const tracks = [
      { title: "Rain", artistName: "Asha", audioFileUrl: "https://cdn.example.com/1.wav" },
      { title: "Thunder", artistName: "Ravi", audioFileUrl: "https://cdn.example.com/2.wav" },
    ];
    const base = { releaseType: "compilation", artistName: "Various Artists", labelName: "Monsoon Records" };
    const created = await owner.client.post("/api/releases", validRelease({ ...base, tracks }));
    expect(created.status).toBe(201);
    expect(created.body.release.labelName).toBe("Monsoon Records");
    const detail = await owner.client.get(`/api/releases/${created.body.release.id}`);
    expect(detail.body.tracks.map((t: { artistName: string | null }) => t.artistName)).toEqual(["Asha", "Ravi"]);
    const before = await countReleases();
    const noLabel = await owner.client.post("/api/releases", validRelease({ ...base, labelName: "", tracks }));
    expect(noLabel.status).toBe(400);
    expect(JSON.stringify(noLabel.body)).toContain(COMPILATION_MESSAGES.labelRequired);
    const noArtist = await owner.client.post(
      "/api/releases",
      validRelease({ ...base, tracks: [tracks[0], { ...tracks[1], artistName: "" }] }),
    );
    expect(noArtist.status).toBe(400);
    expect(JSON.stringify(noArtist.body)).toContain(COMPILATION_MESSAGES.trackArtistRequired);
    expect(await countReleases()).toBe(before);
    // Any other release may name its label too; empty means the artist's own.
    const single = await owner.client.post("/api/releases", validRelease());
    expect(single.body.release.labelName).toBeNull();
    await server.jobs.drain();
  });

  it("pre-orders and instant-grat tracks are the Pro and Label plans': refused on Basic with the reason, kept on Pro", async () => {
    const preOrdered = validRelease({
      releaseType: "ep",
      releaseTiming: "global",
      preOrderDate: addDays(todayIst(), 10),
      instantGratDate: addDays(todayIst(), 20),
      releaseDate: addDays(todayIst(), 40),
      tracks: [1, 2, 3, 4].map((n) => ({
        title: `Song ${n}`,
        audioFileUrl: `https://cdn.example.com/${n}.wav`,
        instantGrat: n === 2,
      })),
    });
    await payOnTestGateway(owner.client, { planId: "basic_artist" });
    const before = await countReleases();
    const refused = await owner.client.post("/api/releases", preOrdered);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "PLAN_FEATURE", message: PRE_ORDER_MESSAGES.planOnly });
    expect(await countReleases()).toBe(before);
    // The timing alone is every plan's.
    const timed = await owner.client.post("/api/releases", validRelease({ releaseTiming: "global" }));
    expect(timed.status).toBe(201);
    expect(timed.body.release.releaseTiming).toBe("global");

    await payOnTestGateway(owner.client, { planId: "pro_artist" });
    const created = await owner.client.post("/api/releases", preOrdered);
    expect(created.status).toBe(201);
    expect(created.body.release).toMatchObject({
      releaseTiming: "global",
      preOrderDate: addDays(todayIst(), 10),
      instantGratDate: addDays(todayIst(), 20),
    });
    const detail = await owner.client.get(`/api/releases/${created.body.release.id}`);
    expect(detail.body.tracks.map((t: { instantGrat: boolean }) => t.instantGrat)).toEqual([false, true, false, false]);
    // Dates out of order are refused by the rules every form shares.
    const late = await owner.client.post(
      "/api/releases",
      validRelease({ preOrderDate: addDays(todayIst(), 50), releaseDate: addDays(todayIst(), 40) }),
    );
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(PRE_ORDER_MESSAGES.preOrderInvalid);
    await server.jobs.drain();
  });

  it("keeps the artist's AI declaration for each track and the artwork; refuses an incomplete one", async () => {
    const ai = {
      vocals: "none",
      instrumentation: "partly",
      composition: "none",
      lyrics: "none",
      postProduction: "none",
    };
    const created = await owner.client.post(
      "/api/releases",
      validRelease({ aiUsed: "yes", artworkAi: "all", tracks: [{ title: "Monsoon Nights", ai }] }),
    );
    expect(created.status).toBe(201);
    expect(created.body.release.artworkAi).toBe("all");
    const detail = await owner.client.get(`/api/releases/${created.body.release.id}`);
    expect(detail.body.tracks[0].ai).toEqual(ai);
    // "No" declares the whole release human, the track made for it included.
    const human = await owner.client.post("/api/releases", validRelease({ aiUsed: "no" }));
    expect(human.body.release.artworkAi).toBe("none");
    const humanDetail = await owner.client.get(`/api/releases/${human.body.release.id}`);
    expect(humanDetail.body.tracks[0].ai).toEqual(NO_AI);
    const before = await countReleases();
    const { lyrics: _, ...partial } = ai;
    for (const body of [
      validRelease({ aiUsed: undefined }),
      validRelease({ aiUsed: "yes" }),
      validRelease({ aiUsed: "yes", artworkAi: "some", tracks: [{ title: "X", ai }] }),
      validRelease({ aiUsed: "yes", artworkAi: "none", tracks: [{ title: "X", ai: partial }] }),
      validRelease({ aiUsed: "yes", artworkAi: "none", tracks: [{ title: "X", ai: { ...ai, vocals: "maybe" } }] }),
    ])
      expect((await owner.client.post("/api/releases", body)).status).toBe(400);
    expect(await countReleases()).toBe(before);
    await server.jobs.drain();
  });

  it("lets the artist edit and withdraw only while pending review", async () => {
    const created = (await owner.client.post("/api/releases", validRelease({ title: "Draft" }))).body.release;
    const edited = await owner.client.request(
      "PUT",
      `/api/releases/${created.id}`,
      validRelease({ title: "Draft v2" }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.release.title).toBe("Draft v2");

    await setReleaseStatus(server.database, created.id, "live");
    const late = await owner.client.request("PUT", `/api/releases/${created.id}`, validRelease({ title: "Too late" }));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(RELEASE_NOTICES.notEditable);
    expect((await owner.client.request("DELETE", `/api/releases/${created.id}`)).status).toBe(409);
    expect((await owner.client.get(`/api/releases/${created.id}`)).body.release).toMatchObject({
      title: "Draft v2",
      status: "live",
    });

    const pending = (await owner.client.post("/api/releases", validRelease({ title: "Withdraw me" }))).body.release;
    expect((await owner.client.request("DELETE", `/api/releases/${pending.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/releases/${pending.id}`)).status).toBe(404);
  });

  it("answers 400, not 500, for a malformed id", async () => {
    const res = await owner.client.get("/api/releases/not-a-uuid");
    expect(res.status).toBe(400);
  });
});

describe("artist dashboard API", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("answers zeros and empty lists before any store report", async () => {
    const artist = await createArtist(server);
    const res = await artist.client.get("/api/dashboard");
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual({
      totalStreams: 0,
      totalListeners: 0,
      totalRoyaltiesPaise: 0,
      growthRatePercent: null,
      changes: { streams: null, listeners: null, royalties: null, growthRate: null },
    });
    expect(res.body.series.weekly).toHaveLength(7);
    expect(res.body.series.monthly).toHaveLength(30);
    expect(res.body.series.quarterly).toHaveLength(90);
    expect(res.body.series.quarterly.every((p: { streams: number }) => p.streams === 0)).toBe(true);
    expect(res.body.platforms).toEqual([]);
    expect(res.body.countries).toEqual([]);
  });

  it("ticks the first-run steps from what the artist really has: a paid plan, payout details, a release", async () => {
    const artist = await createArtist(server);
    const other = await createArtist(server);
    const progress = async () => (await artist.client.get("/api/dashboard")).body.onboarding;
    expect(await progress()).toEqual({ plan: false, payout: false, release: false });
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    expect(await progress()).toEqual({ plan: true, payout: false, release: false });
    const saved = await artist.client.request("PUT", "/api/payee-details", {
      residence: "india",
      legalName: "Asha Rao",
      method: "bank",
      accountNumber: "123456789012",
      ifsc: "HDFC0001234",
    });
    expect(saved.status).toBe(200);
    expect(await progress()).toEqual({ plan: true, payout: true, release: false });
    expect((await artist.client.post("/api/releases", validRelease())).status).toBe(201);
    expect(await progress()).toEqual({ plan: true, payout: true, release: true });
    // Another artist's steps are their own.
    expect((await other.client.get("/api/dashboard")).body.onboarding).toEqual({
      plan: false,
      payout: false,
      release: false,
    });
  });

  it("computes totals, changes and breakdowns from the artist's own reported facts", async () => {
    const artist = await createArtist(server);
    const stranger = await createArtist(server);
    const mine = (await artist.client.post("/api/releases", validRelease())).body.release;
    const theirs = (await stranger.client.post("/api/releases", validRelease())).body.release;
    const day = (daysAgo: number) => addDays(todayIst(), -daysAgo);
    const db = server.database.db;
    // This month: 300 streams (Spotify 200 in IN, JioSaavn 100 in IN); the month before: 200.
    await db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise) values
      (${mine.id}, 'Spotify', 'IN', ${day(1)}, 200, 50, 10000),
      (${mine.id}, 'JioSaavn', 'US', ${day(2)}, 100, 30, 5000),
      (${mine.id}, 'Spotify', 'IN', ${day(40)}, 200, 40, 8000),
      (${theirs.id}, 'Spotify', 'GB', ${day(1)}, 9999, 999, 99999)`);
    await rebuildLedger(db, [artist.id, stranger.id]);
    const res = await artist.client.get("/api/dashboard");
    expect(res.body.stats).toEqual({
      totalStreams: 500,
      totalListeners: 120,
      // 230 rupees of store revenue at the Basic Artist share of 80%.
      totalRoyaltiesPaise: 18_400,
      growthRatePercent: 50,
      changes: { streams: 50, listeners: 100, royalties: 87.5, growthRate: null },
    });
    expect(res.body.series.weekly.at(-2)).toEqual({ day: day(1), streams: 200 });
    expect(res.body.series.weekly.at(-3)).toEqual({ day: day(2), streams: 100 });
    expect(res.body.platforms).toEqual([
      { name: "Spotify", streams: 400, percent: 80 },
      { name: "JioSaavn", streams: 100, percent: 20 },
    ]);
    expect(res.body.countries).toEqual([
      { code: "IN", listeners: 90 },
      { code: "US", listeners: 30 },
    ]);
    expect(res.body.recentReleases.map((r: { id: string }) => r.id)).toEqual([mine.id]);
    // The latest releases read as the release list shows them, field for field (quality check done).
    await server.jobs.drain();
    const listed = (await artist.client.get("/api/releases")).body.releases;
    expect((await artist.client.get("/api/dashboard")).body.recentReleases).toEqual(listed);
  });

  it("shows the five latest releases, newest first", async () => {
    const artist = await createArtist(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await artist.client.post("/api/releases", validRelease())).body.release.id);
    await server.database.db.execute(
      sql`update releases set status = 'live', approved_at = now(), live_at = now() where id = ${ids[6]}`,
    );
    const recent = (await artist.client.get("/api/dashboard")).body.recentReleases;
    expect(recent.map((r: { id: string }) => r.id)).toEqual(ids.slice(2).reverse());
    expect(recent[0]).toMatchObject({ status: "live", approvedAt: expect.any(String), liveAt: expect.any(String) });
    expect(new Date(recent[0].liveAt).toISOString()).toBe(recent[0].liveAt);
  });
});
