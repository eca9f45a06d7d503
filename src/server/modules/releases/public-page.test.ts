import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { releases } from "#server/db/schema";
import { checkAcknowledgements, type StoreConfig } from "#server/modules/delivery";
import { createArtist, validRelease } from "#server/test/factories";
import { image, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { payOnTestGateway } from "#server/test/payments";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

let server: TestServer;
let media: MediaServer;
let admin: TestClient;
let artist: Awaited<ReturnType<typeof createArtist>>;
let root: string;
let stores: StoreConfig[];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-public-page-"));
  media = await startMediaServer();
  const folder = (id: string) => ({ kind: "folder" as const, path: path.join(root, id) });
  stores = [
    {
      id: "spotify",
      name: "Spotify",
      dpid: "PADPIDATESTSPOTIFY",
      downloads: false,
      searchUrl: "https://open.spotify.com/search/{query}",
      transport: folder("spotify"),
    },
    {
      id: "apple-music",
      name: "Apple Music",
      dpid: "PADPIDATESTAPPLE",
      downloads: true,
      transport: folder("apple-music"),
    },
    { id: "jiosaavn", name: "JioSaavn", dpid: "PADPIDATESTSAAVN", downloads: false, transport: folder("jiosaavn") },
  ];
  await fs.writeFile(path.join(root, "stores.json"), JSON.stringify(stores));
  media.put("/good.wav", wav({ sampleRate: 44_100, bitDepth: 24, channels: 2, seconds: 0.5 }));
  media.put("/cover.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
}, 60_000);
afterAll(async () => {
  await media?.close();
  await fs.rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startTestServer({ FETCH_ALLOW_HOSTS: media.host, STORES_FILE: path.join(root, "stores.json") });
  admin = server.client();
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  artist = await createArtist(server);
  await payOnTestGateway(artist.client, { planId: "basic_artist" });
});
afterEach(async () => {
  await server?.close();
});

async function ack(store: string, batchId: string, upc: string, status: string, errorText?: string) {
  const dir = path.join(root, store, "acknowledgements");
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `ACK_${batchId}_${upc}.xml`),
    `<FtpAcknowledgementMessage><AcknowledgedFile><FileName>${batchId}/${upc}/${upc}.xml</FileName></AcknowledgedFile><FileStatus>${status}</FileStatus>${errorText ? `<ErrorText>${errorText}</ErrorText>` : ""}</FtpAcknowledgementMessage>`,
  );
}

/** A release with good files, checked and approved (its deliveries queued and sent); its id. */
async function approvedRelease(fields: Record<string, unknown>) {
  const created = await artist.client.post(
    "/api/releases",
    validRelease({ audioFileUrl: media.url("/good.wav"), coverArtUrl: media.url("/cover.jpg"), ...fields }),
  );
  const id = created.body.release.id as string;
  await server.jobs.drain();
  expect((await admin.post(`/api/admin/releases/${id}/approve`)).status).toBe(200);
  await server.jobs.drain();
  return id;
}

/** A release approved and sent to the three stores; Spotify and Apple Music accept it, JioSaavn rejects it. */
async function deliveredRelease(releaseDate: string) {
  const id = await approvedRelease({ title: "Monsoon Nights", releaseDate });
  const detail = await admin.get(`/api/admin/releases/${id}`);
  const upc = detail.body.release.upcEan as string;
  const batch = (store: string) => detail.body.deliveries.find((d: { store: string }) => d.store === store).batchId;
  await ack("spotify", batch("spotify"), upc, "FileOK");
  await ack("apple-music", batch("apple-music"), upc, "FileOK");
  await ack("jiosaavn", batch("jiosaavn"), upc, "FileNotOK", "Artist name does not match our catalogue.");
  await checkAcknowledgements(server.database.db, stores);
  return { id, upc };
}

const states = (body: { stores: { store: string; state: string; storeMessage: string | null }[] }) =>
  body.stores.map((s) => [s.store, s.state, s.storeMessage]);

describe("where the release is, store by store", () => {
  it("a future-dated approved release is scheduled on the stores that accepted it; one store's rejection shows on that store only; the spec's status stays Live", async () => {
    const { id } = await deliveredRelease("2099-12-20");
    const mine = await artist.client.get(`/api/releases/${id}`);
    expect(mine.body.release.status).toBe("live");
    expect(states(mine.body)).toEqual([
      ["spotify", "accepted", null],
      ["apple-music", "accepted", null],
      ["jiosaavn", "rejected", "Artist name does not match our catalogue."],
    ]);

    // The public page says it is coming, and where.
    const slugPath = mine.body.publicPage.path as string;
    expect(slugPath).toMatch(/^\/r\/[a-f0-9]{10}$/);
    const page = await fetch(`${server.url}${slugPath}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Coming 20 Dec 2099");
    expect(html).toContain('<li class="soon">Spotify</li>');
    expect(html).toContain('<li class="soon">Apple Music</li>');
    expect(html).not.toContain("JioSaavn");
    expect(html).not.toContain("/go/");
    expect(html).toContain('<meta property="og:title" content="Monsoon Nights by ');

    // The artist's profile speaks for the artist (issue 35): its name as it is today, its bio and links.
    const [profile] = (await artist.client.get("/api/artists")).body.artists;
    const edited = await artist.client.request("PUT", `/api/artists/${profile.id}`, {
      name: "Asha Rao",
      bio: "Playback singer from Pune <3",
      links: ["https://asharao.in/music"],
    });
    expect(edited.status).toBe(200);
    const withProfile = await (await fetch(`${server.url}${slugPath}`)).text();
    expect(withProfile).toContain('<p class="artist">Asha Rao</p>');
    expect(withProfile).toContain("<h2>About Asha Rao</h2>");
    expect(withProfile).toContain("<p>Playback singer from Pune &lt;3</p>");
    expect(withProfile).toContain('<a href="https://asharao.in/music" rel="noopener nofollow ugc">asharao.in</a>');
    expect(html).toContain(`<meta property="og:image" content="${server.url}${slugPath}/cover.jpg">`);
    const cover = await fetch(`${server.url}${slugPath}/cover.jpg`);
    expect([cover.status, cover.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const bytes = new Uint8Array(await cover.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(600);
    // Made once and kept as a file (issue 33: it was decoded and resized on every request).
    const derived = path.join(server.dataDir, "media-derived");
    const made = await fs.readdir(derived, { recursive: true });
    expect(made.filter((f) => String(f).endsWith(".share-600.jpg"))).toHaveLength(1);
    const again = await fetch(`${server.url}${slugPath}/cover.jpg`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const etag = again.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}-600"$/);
    const unchanged = await fetch(`${server.url}${slugPath}/cover.jpg`, { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
  }, 60_000);

  it("once the date has come: live on the stores that accepted it, a button each; clicks go to the store and are counted, with the visits", async () => {
    const { id } = await deliveredRelease("2099-12-20");
    await server.database.db.update(releases).set({ releaseDate: "2026-01-02" }).where(eq(releases.id, id));
    const mine = await artist.client.get(`/api/releases/${id}`);
    expect(states(mine.body).map(([store, state]) => [store, state])).toEqual([
      ["spotify", "live"],
      ["apple-music", "live"],
      ["jiosaavn", "rejected"],
    ]);
    const slugPath = mine.body.publicPage.path as string;

    // An admin enters Apple Music's link; Spotify's is not known yet, so its button searches Spotify.
    const bad = await admin.request("PUT", `/api/admin/releases/${id}/store-links/apple-music`, {
      url: "http://music.apple.com/x",
    });
    expect([bad.status, bad.body.error.message]).toEqual([400, "Enter the release's https:// address on the store."]);
    const unknown = await admin.request("PUT", `/api/admin/releases/${id}/store-links/napster`, {
      url: "https://napster.com/x",
    });
    expect(unknown.status).toBe(400);
    const byArtist = await artist.client.request("PUT", `/api/admin/releases/${id}/store-links/apple-music`, {
      url: "https://music.apple.com/in/album/1",
    });
    expect(byArtist.status).toBe(403);
    const saved = await admin.request("PUT", `/api/admin/releases/${id}/store-links/apple-music`, {
      url: "https://music.apple.com/in/album/monsoon-nights/1780011223",
    });
    expect(saved.status).toBe(200);

    const html = await (await fetch(`${server.url}${slugPath}`)).text();
    expect(html).toContain(`href="${slugPath}/go/spotify"`);
    expect(html).toContain(`href="${slugPath}/go/apple-music"`);
    expect(html).not.toContain("/go/jiosaavn");
    await fetch(`${server.url}${slugPath}`);

    const toApple = await fetch(`${server.url}${slugPath}/go/apple-music`, { redirect: "manual" });
    expect([toApple.status, toApple.headers.get("location")]).toEqual([
      302,
      "https://music.apple.com/in/album/monsoon-nights/1780011223",
    ]);
    const toSpotify = await fetch(`${server.url}${slugPath}/go/spotify`, { redirect: "manual" });
    expect(toSpotify.headers.get("location")).toMatch(/^https:\/\/open\.spotify\.com\/search\/Monsoon%20Nights%20/);
    // A store where it is not live is no destination.
    expect((await fetch(`${server.url}${slugPath}/go/jiosaavn`, { redirect: "manual" })).status).toBe(404);

    // A visitor counts once a day, however often they reload or click (issue 33); another browser is another visitor.
    await fetch(`${server.url}${slugPath}/go/apple-music`, { redirect: "manual" });
    await fetch(`${server.url}${slugPath}`, { headers: { "user-agent": "Another phone" } });
    const after = await artist.client.get(`/api/releases/${id}`);
    expect(after.body.publicPage.visits).toBe(2);
    expect(after.body.publicPage.clicks).toEqual(
      expect.arrayContaining([
        { store: "apple-music", storeName: "Apple Music", count: 1 },
        { store: "spotify", storeName: "Spotify", count: 1 },
      ]),
    );
    expect(after.body.stores.find((s: { store: string }) => s.store === "apple-music").url).toBe(
      "https://music.apple.com/in/album/monsoon-nights/1780011223",
    );
  }, 60_000);

  it("a title in its own script shows as written, in its language, with its Latin form beneath (issue 39)", async () => {
    const id = await approvedRelease({
      title: "मेरा दिल",
      titleLatin: "Mera Dil",
      language: "hi",
      releaseDate: "2099-12-20",
    });
    const mine = await artist.client.get(`/api/releases/${id}`);
    const html = await (await fetch(`${server.url}${mine.body.publicPage.path}`)).text();
    expect(html).toContain('<h1 lang="hi">मेरा दिल</h1>');
    expect(html).toContain('<p class="title-latin" lang="hi-Latn">Mera Dil</p>');
  }, 60_000);

  it("a release that is not approved has no public page, nor does an unknown address", async () => {
    const created = await artist.client.post("/api/releases", validRelease({ audioFileUrl: media.url("/good.wav") }));
    const mine = await artist.client.get(`/api/releases/${created.body.release.id}`);
    const pending = await fetch(`${server.url}${mine.body.publicPage.path}`);
    expect(pending.status).toBe(404);
    expect(await pending.text()).toContain("This release is not available");
    expect((await fetch(`${server.url}/r/0123456789`)).status).toBe(404);
    expect((await fetch(`${server.url}/r/not-a-slug`)).status).toBe(404);
    await server.jobs.drain();
  }, 60_000);
});
