import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayIst } from "#domain/clock";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist as createAccount, createLiveRelease, validRelease } from "#server/test/factories";
import { WEST_BENGAL } from "#server/test/payments";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";

const APP_KEY = "app-Key_7f3a9c2e41b84d6aa0e5";
const SPOTIFY = "spotify:artist:4Z8W4fKeB5YxbusRsdQVPb";

describe("artist profiles (issue 35)", () => {
  let server: TestServer;
  let label: Awaited<ReturnType<typeof createAccount>>;

  beforeEach(async () => {
    server = await startTestServer();
    label = await createAccount(server, "Rang Records");
  });
  afterEach(async () => {
    await server?.close();
  });

  const onLabelPlan = () => createSubscription(server.database.db, label.id, "label_plan", "test: a label");

  it("keeps a name in an Indian script with its Latin form, refuses it without one, and suggests one for a name typed on a release (issue 39)", async () => {
    const refused = await label.client.post("/api/artists", { name: "मीरा सेन" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Add the name in Latin letters too");
    expect((await label.client.get("/api/artists")).body.artists).toEqual([]);
    const made = await label.client.post("/api/artists", { name: "मीरा सेन", nameLatin: "Meera Sen" });
    expect(made.status).toBe(201);
    expect(made.body.artist).toMatchObject({ name: "मीरा सेन", nameLatin: "Meera Sen" });
    const edited = await label.client.request("PUT", `/api/artists/${made.body.artist.id}`, {
      name: "मीरा सेन",
      nameLatin: "Meera Sen Official",
    });
    expect(edited.body.artist.nameLatin).toBe("Meera Sen Official");
    await onLabelPlan();
    // A new name typed on a release becomes a profile with its suggested Latin form, to correct later.
    const release = await label.client.post(
      "/api/releases",
      validRelease({ title: "दिल", titleLatin: "Dil", artistName: "रवि कुमार" }),
    );
    expect(release.status).toBe(201);
    const names = (await label.client.get("/api/artists")).body.artists.map(
      (a: { name: string; nameLatin: string | null }) => [a.name, a.nameLatin],
    );
    expect(names).toContainEqual(["रवि कुमार", "Ravi Kumar"]);
  });

  it("keeps the store ids, takes the protection key but never gives it back, and records it only as changed", async () => {
    const made = await label.client.post("/api/artists", {
      name: "Asha Rao",
      bio: "Playback singer from Pune.",
      links: ["https://asharao.in"],
      spotifyArtistUri: "https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb?si=abc",
      appleMusicArtistId: "https://music.apple.com/in/artist/asha-rao/1234567890",
      appKey: APP_KEY,
    });
    expect(made.status).toBe(201);
    expect(made.body.artist).toMatchObject({
      name: "Asha Rao",
      spotifyArtistUri: SPOTIFY,
      appleMusicArtistId: "1234567890",
      hasAppKey: true,
    });
    const id = made.body.artist.id;
    // Kept sealed in the database; absent from every answer, the audit log and the server's log.
    const result = (await server.database.db.execute(
      sql`select app_key_encrypted from artist_profiles where id = ${id}`,
    )) as unknown as { rows: { app_key_encrypted: string }[] };
    const [stored] = result.rows;
    expect(stored?.app_key_encrypted).toMatch(/^v1\./);
    expect(stored?.app_key_encrypted).not.toContain(APP_KEY);
    const answers = [
      made.text,
      (await label.client.get("/api/artists")).text,
      (await label.client.get(`/api/artists/${id}`)).text,
    ];
    // A change that leaves the key out keeps it; null removes it.
    const kept = await label.client.request("PUT", `/api/artists/${id}`, { name: "Asha Rao", bio: "Singer." });
    expect(kept.body.artist.hasAppKey).toBe(true);
    answers.push(kept.text);
    const audit = await label.client.get("/api/workspace/audit?kind=artist");
    answers.push(audit.text);
    expect(audit.body.entries.map((e: { summary: string }) => e.summary)).toEqual([
      "Artist profile “Asha Rao” changed",
      "Artist profile “Asha Rao” created",
    ]);
    expect(audit.body.entries[1].after.appKey).toBe("(changed)");
    const removed = await label.client.request("PUT", `/api/artists/${id}`, { name: "Asha Rao", appKey: null });
    expect(removed.body.artist.hasAppKey).toBe(false);
    // (The log redacts the field wherever it is logged: lib/logger.test.ts.)
    for (const text of [...answers, removed.text]) expect(text).not.toContain(APP_KEY);
  });

  it("refuses bad ids, a key in the wrong format and store ids on an artist new to the stores, changing nothing", async () => {
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await label.client.post("/api/artists", { name: "Ravi", ...body });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(message);
    };
    await bad({ spotifyArtistUri: "spotify:track:4Z8W4fKeB5YxbusRsdQVPb" }, /Spotify artist URI/);
    await bad({ appleMusicArtistId: "asha-rao" }, /Apple Music artist id/);
    await bad({ appKey: "my key is secret please" }, /Artist Profile Protection key/);
    await bad({ newToStores: true, spotifyArtistUri: SPOTIFY }, /new to the stores/);
    await bad({ links: ["http://insecure.example"] }, /https/);
    expect((await label.client.get("/api/artists")).body.artists).toEqual([]);
  });

  it("holds one profile on Basic and five on the Label Plan; a sixth is refused with what to do", async () => {
    expect((await label.client.post("/api/artists", { name: "One" })).status).toBe(201);
    const second = await label.client.post("/api/artists", { name: "Two" });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain("Upgrade to the Label Plan");
    await onLabelPlan();
    for (const name of ["Two", "Three", "Four", "Five"]) {
      expect((await label.client.post("/api/artists", { name })).status).toBe(201);
    }
    const sixth = await label.client.post("/api/artists", { name: "Six" });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatchObject({ code: "ARTIST_LIMIT" });
    expect(sixth.body.error.message).toMatch(/^Label Plan holds up to 5 artist profiles/);
    const list = (await label.client.get("/api/artists")).body;
    expect(list).toMatchObject({ limit: 5, planName: "Label Plan" });
    expect(list.artists).toHaveLength(5);
    // Down to Pro with five artists: refused, saying what must happen first, and no checkout opens.
    const down = await label.client.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL });
    expect(down.status).toBe(409);
    expect(down.body.error.code).toBe("TOO_MANY_ARTISTS");
    expect(down.body.error.message).toMatch(
      /^This workspace has 5 artist profiles and Pro Artist holds 1\. Before switching, remove 4/,
    );
    const open = (await server.database.db.execute(sql`select count(*)::int as n from checkouts`)) as unknown as {
      rows: { n: number }[];
    };
    expect(open.rows[0]?.n).toBe(0);
    // The same name twice is one artist.
    await label.client.request("DELETE", `/api/artists/${list.artists[0].id}`);
    const dup = await label.client.post("/api/artists", { name: "two" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("ARTIST_EXISTS");
  });

  it("credits a release's artist to the workspace's profile, which then cannot be deleted; other workspaces see 404", async () => {
    const release = await label.client.post("/api/releases", validRelease({ artistName: "Asha" }));
    expect(release.status).toBe(201);
    const [asha] = (await label.client.get("/api/artists")).body.artists;
    expect(asha).toMatchObject({ name: "Asha", releases: 1 });
    // A second release by "asha" is the same artist.
    await label.client.post("/api/releases", validRelease({ artistName: "asha" }));
    expect((await label.client.get(`/api/artists/${asha.id}`)).body.artist.releases).toBe(2);
    const busy = await label.client.request("DELETE", `/api/artists/${asha.id}`);
    expect(busy.status).toBe(409);
    const stranger = await createAccount(server, "Stranger");
    expect((await stranger.client.get(`/api/artists/${asha.id}`)).status).toBe(404);
    expect((await stranger.client.request("PUT", `/api/artists/${asha.id}`, { name: "Stolen" })).status).toBe(404);
    expect((await stranger.client.get("/api/artists")).body.artists).toEqual([]);
    // The audit log filtered by the artist: its releases' entries, not the workspace's others.
    await onLabelPlan();
    const other = await label.client.post("/api/artists", { name: "Ravi" });
    await label.client.post("/api/releases", validRelease({ title: "Dhun", artistName: "Ravi" }));
    const byAsha = (await label.client.get(`/api/workspace/audit?artist=${asha.id}`)).body.entries;
    expect(byAsha.map((e: { kind: string; subjectId: string }) => e.kind)).toEqual(["release", "release"]);
    const byRavi = (await label.client.get(`/api/workspace/audit?artist=${other.body.artist.id}`)).body.entries;
    expect(byRavi.map((e: { kind: string; action: string }) => [e.kind, e.action])).toEqual([
      ["release", "submitted"],
      ["artist", "created"],
    ]);
    expect((await label.client.get("/api/workspace/audit?artist=not-a-uuid")).status).toBe(400);
  });
});

describe("statements by artist profile (issue 35)", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it("a label's statement names each line's artist as its profile is named today, with each artist's total, on screen and in the CSV", async () => {
    server = await startTestServer();
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const label = await createAccount(server, "Rang Records");
    await createSubscription(server.database.db, label.id, "label_plan", "test: a label");
    const asha = await createLiveRelease(server, admin, label.client, { title: "Monsoon", artistName: "Asha" });
    const ravi = await createLiveRelease(server, admin, label.client, { title: "Dhun", artistName: "Ravi" });
    const day = todayIst();
    await importReport(admin, "r.csv", [
      `${day},Spotify,IN,${asha.upcEan},${asha.isrcs[0]},100,10,1000.00,INR`,
      `${day},Spotify,IN,${ravi.upcEan},${ravi.isrcs[0]},100,10,250.00,INR`,
    ]);
    const profiles = (await label.client.get("/api/artists")).body.artists as { id: string; name: string }[];
    const ashaProfile = profiles.find((p) => p.name === "Asha");
    const renamed = await label.client.request("PUT", `/api/artists/${ashaProfile?.id}`, { name: "Asha Rao" });
    expect(renamed.status).toBe(200);

    const month = day.slice(0, 7);
    const statement = (await label.client.get(`/api/royalties/statements/${month}`)).body;
    expect(statement.earnings.map((e: { release: string; artist: string }) => [e.release, e.artist])).toEqual([
      ["Dhun", "Ravi"],
      ["Monsoon", "Asha Rao"],
    ]);
    const total = statement.byArtist.reduce((sum: number, a: { earningPaise: number }) => sum + a.earningPaise, 0);
    expect(total).toBe(statement.earningsPaise);
    expect(statement.byArtist.map((a: { artist: string }) => a.artist)).toEqual(["Asha Rao", "Ravi"]);
    const csv = (await label.client.send("GET", `/api/royalties/statements/${month}/csv`, undefined)).text;
    expect(csv).toContain("Release,Artist,Track");
    expect(csv).toMatch(/Earnings of Asha Rao,,,,,,[\d.]+/);
  });
});
