import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LYRICS_MESSAGES } from "#domain/lyrics";
import { SCRIPT_MESSAGES } from "#domain/scripts";
import { createArtist, validRelease } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

/** Issue 39: a release titled in its own script, with the Latin form stores need beside it. */
describe("titles in an Indian script", () => {
  let server: TestServer;
  let artist: Awaited<ReturnType<typeof createArtist>>;
  let admin: TestClient;

  beforeEach(async () => {
    server = await startTestServer();
    artist = await createArtist(server, "Script Artist");
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  const count = async () =>
    Number(
      (
        (await server.database.db.execute(sql`select count(*)::int as n from releases`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  it("refuses a title without its Latin form, a translation beside it, and a track in two scripts, saving nothing", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: "मेरा दिल" }, "titleLatin", SCRIPT_MESSAGES.latinRequired],
      [{ title: "दिल / Heart", titleLatin: "Dil" }, "title", SCRIPT_MESSAGES.translation],
      [{ title: "मेरा দিল", titleLatin: "Mera Dil" }, "title", SCRIPT_MESSAGES.mixed],
      [{ title: "मेरा दिल", titleLatin: "मेरा" }, "titleLatin", SCRIPT_MESSAGES.latinNotLatin],
      [
        {
          title: "Two Songs",
          releaseType: "ep",
          tracks: [{ title: "Two Songs" }, { title: "दूसरा Song", audioFileUrl: "https://files.example.com/2.wav" }],
        },
        "tracks",
        `Track 2: ${SCRIPT_MESSAGES.mixed}`,
      ],
      [
        { title: "Monsoon", tracks: [{ title: "", version: "लाइव" }] },
        "tracks",
        `Track 1: ${SCRIPT_MESSAGES.versionLatinRequired}`,
      ],
    ];
    for (const [fields, path, message] of refusals) {
      const res = await artist.client.post("/api/releases", validRelease(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.details.find((d: { path: string }) => d.path === path)?.message, path).toBe(message);
    }
    expect(await count()).toBe(0);
  });

  it("keeps a track's lyrics in its script, their Latin form and LRC; refuses what stores refuse, saving nothing", async () => {
    const track = (over: Record<string, string>) =>
      validRelease({ title: "मेरा दिल", titleLatin: "Mera Dil", language: "hi", tracks: [{ title: "", ...over }] });
    const refusals: [Record<string, string>, string][] = [
      [{ lyrics: "मेरा दिल तेरा है" }, LYRICS_MESSAGES.latinRequired],
      [{ lyrics: "\nMy heart" }, LYRICS_MESSAGES.blankStart("Lyrics")],
      [{ lyrics: "Stream it at https://example.com" }, LYRICS_MESSAGES.noLinks("Lyrics")],
      [{ lyrics: "one\ntwo", lyricsSynced: "[00:01.00]one\ntwo" }, LYRICS_MESSAGES.lrcLine(2)],
    ];
    for (const [fields, message] of refusals) {
      const res = await artist.client.post("/api/releases", track(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.details.find((d: { path: string }) => d.path === "tracks")?.message).toBe(
        `Track 1: ${message}`,
      );
    }
    expect(await count()).toBe(0);

    const lyrics = {
      lyrics: "मेरा दिल\nतेरा है",
      lyricsLatin: "Mera dil\nTera hai",
      lyricsSynced: "[00:01.00]मेरा दिल\r\n[00:04.50]तेरा है\n",
    };
    // An instrumental track has no words; a track sung in its own language keeps it.
    const instrumental = await artist.client.post("/api/releases", track({ lyrics: "Hey", language: "zxx" }));
    expect(instrumental.status).toBe(400);
    expect(await count()).toBe(0);
    const created = await artist.client.post("/api/releases", track({ ...lyrics, language: "hi" }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.release.id as string;
    const saved = { ...lyrics, lyricsSynced: "[00:01.00]मेरा दिल\n[00:04.50]तेरा है", language: "hi" };
    expect((await artist.client.get(`/api/releases/${id}`)).body.tracks[0]).toMatchObject(saved);
    expect((await admin.get(`/api/admin/releases/${id}`)).body.tracks[0]).toMatchObject(saved);
  });

  it("keeps both forms, shows them to the artist and the admin, and finds the release by either", async () => {
    const created = await artist.client.post(
      "/api/releases",
      validRelease({
        title: "मेरा दिल",
        titleLatin: "Mera Dil",
        language: "hi",
        releaseType: "ep",
        tracks: [
          { title: "मेरा दिल", titleLatin: "Mera Dil" },
          {
            title: "तुम ही हो",
            titleLatin: "Tum Hi Ho",
            version: "अनप्लग्ड",
            versionLatin: "Unplugged",
            audioFileUrl: "https://files.example.com/2.wav",
          },
        ],
      }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.release.id as string;
    const detail = await artist.client.get(`/api/releases/${id}`);
    expect(detail.body.release).toMatchObject({ title: "मेरा दिल", titleLatin: "Mera Dil" });
    expect(detail.body.tracks.map((t: { title: string; titleLatin: string }) => [t.title, t.titleLatin])).toEqual([
      ["मेरा दिल", "Mera Dil"],
      ["तुम ही हो", "Tum Hi Ho"],
    ]);
    expect(detail.body.tracks[1]).toMatchObject({ version: "अनप्लग्ड", versionLatin: "Unplugged" });
    expect((await admin.get(`/api/admin/releases/${id}`)).body.tracks[1]).toMatchObject({ versionLatin: "Unplugged" });
    for (const q of ["Mera", "मेरा"]) {
      const mine = await artist.client.get(`/api/releases?q=${encodeURIComponent(q)}`);
      expect(
        mine.body.releases.map((r: { id: string }) => r.id),
        q,
      ).toEqual([id]);
      const admins = await admin.get(`/api/admin/releases?q=${encodeURIComponent(q)}`);
      expect(
        admins.body.items.map((r: { id: string; titleLatin: string }) => [r.id, r.titleLatin]),
        q,
      ).toEqual([[id, "Mera Dil"]]);
    }
  });
});
