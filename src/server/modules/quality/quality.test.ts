import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows";
import { FetchRefused, safeDownload } from "#server/media/safe-fetch";
import { createArtist, validRelease } from "#server/test/factories";
import { flac, image, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { TEST_ENV } from "#server/test/test-env";
import { startTestServer, type TestServer } from "#server/test/test-server";

let server: TestServer;
let media: MediaServer;
let artist: Awaited<ReturnType<typeof createArtist>>;

beforeAll(async () => {
  media = await startMediaServer();
  const seconds = 0.5;
  media.put("/wav-16-44-stereo.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds }));
  media.put(
    "/wav-24-48-stereo-ext.wav",
    wav({ sampleRate: 48_000, bitDepth: 24, channels: 2, seconds, extensible: true }),
  );
  media.put("/wav-16-2205-mono.wav", wav({ sampleRate: 22_050, bitDepth: 16, channels: 1, seconds }));
  media.put(
    "/wav-24-44-mono-ext.wav",
    wav({ sampleRate: 44_100, bitDepth: 24, channels: 1, seconds, extensible: true }),
  );
  media.put("/wav-float.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds, float: true }));
  media.put("/flac-16-44-stereo.flac", flac({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds }));
  media.put("/flac-24-48-stereo.flac", flac({ sampleRate: 48_000, bitDepth: 24, channels: 2, seconds }));
  media.put("/flac-16-2205-mono.flac", flac({ sampleRate: 22_050, bitDepth: 16, channels: 1, seconds }));
  media.put("/not-audio.wav", Buffer.from("this is neither audio nor a web page"));
  // A sharing link that answers with its web page rather than the file.
  media.put("/share-page.wav", Buffer.from("<!DOCTYPE html>\n<html><head><title>Download</title></head></html>"));
  media.put("/empty.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 0 }));
  media.put("/art-3000.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
  media.put("/art-3000.png", await image({ width: 3000, height: 3000, format: "png" }));
  media.put("/art-1000.jpg", await image({ width: 1000, height: 1000, format: "jpeg" }));
  media.put("/art-7000.jpg", await image({ width: 7000, height: 7000, format: "jpeg" }));
  media.put("/art-3000x2000.png", await image({ width: 3000, height: 2000, format: "png" }));
  media.put("/art-cmyk.jpg", await image({ width: 3000, height: 3000, format: "jpeg", cmyk: true }));
  media.put("/art-3000.gif", await image({ width: 3000, height: 3000, format: "gif" }));
}, 60_000);
afterAll(async () => {
  await media?.close();
});
beforeEach(async () => {
  server = await startTestServer({ FETCH_ALLOW_HOSTS: media.host });
  artist = await createArtist(server);
});
afterEach(async () => {
  await server?.close();
});

/** Submits a release, runs its quality check, and returns the finding codes (sorted). */
async function check(audio: string, artwork = "/art-3000.jpg", extra: Record<string, unknown> = {}) {
  const created = await artist.client.post(
    "/api/releases",
    validRelease({ audioFileUrl: media.url(audio), coverArtUrl: media.url(artwork), ...extra }),
  );
  expect(created.status).toBe(201);
  await server.jobs.drain();
  const detail = await artist.client.get(`/api/releases/${created.body.release.id}`);
  expect(detail.body.quality.status).toBe("done");
  return {
    codes: detail.body.quality.findings.map((f: { code: string }) => f.code).sort() as string[],
    detail: detail.body,
  };
}

describe("quality check on real files", () => {
  it.each([
    ["/wav-16-44-stereo.wav", []],
    ["/wav-24-48-stereo-ext.wav", []],
    ["/flac-16-44-stereo.flac", []],
    ["/flac-24-48-stereo.flac", []],
    ["/wav-16-2205-mono.wav", ["audio.channels", "audio.sample_rate"]],
    ["/wav-24-44-mono-ext.wav", ["audio.channels"]],
    ["/flac-16-2205-mono.flac", ["audio.channels", "audio.sample_rate"]],
    ["/wav-float.wav", ["audio.bit_depth", "audio.codec"]],
    ["/not-audio.wav", ["audio.unreadable"]],
    ["/share-page.wav", ["audio.web_page"]],
    ["/empty.wav", ["audio.duration"]],
    ["/missing.wav", ["audio.unreachable"]],
  ])("audio %s → %j", async (file, expected) => {
    expect((await check(file)).codes).toEqual(expected);
  });

  it.each([
    ["/art-3000.png", []],
    ["/art-1000.jpg", ["artwork.too_small"]],
    ["/art-7000.jpg", ["artwork.too_large"]],
    ["/art-3000x2000.png", ["artwork.square", "artwork.too_small"]],
    ["/art-cmyk.jpg", ["artwork.colour_space"]],
    ["/art-3000.gif", ["artwork.format"]],
  ])("artwork %s → %j", async (file, expected) => {
    expect((await check("/wav-16-44-stereo.wav", file)).codes).toEqual(expected);
  });

  it("reads durations and keeps each track's findings apart", async () => {
    const { codes, detail } = await check("/wav-16-44-stereo.wav", "/art-3000.jpg", {
      releaseType: "ep",
      tracks: [{ title: "Monsoon Nights" }, { title: "Second Rain", audioFileUrl: media.url("/wav-16-2205-mono.wav") }],
    });
    expect(codes).toEqual(["audio.channels", "audio.sample_rate", "metadata.release_type"]);
    const subjects = detail.quality.findings.map((f: { subject: string }) => f.subject);
    expect(subjects).toContain("Track 2 audio");
    expect(subjects).not.toContain("Track 1 audio");
    expect(detail.tracks.map((t: { durationSeconds: number }) => t.durationSeconds)).toEqual([1, 1]);
  });

  it("an edit queues the check again", async () => {
    const created = await artist.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: media.url("/wav-16-2205-mono.wav"), coverArtUrl: media.url("/art-3000.jpg") }),
    );
    await server.jobs.drain();
    const id = created.body.release.id;
    expect((await artist.client.get(`/api/releases/${id}`)).body.quality.findings.length).toBe(2);
    await artist.client.request(
      "PUT",
      `/api/releases/${id}`,
      validRelease({ audioFileUrl: media.url("/wav-16-44-stereo.wav"), coverArtUrl: media.url("/art-3000.jpg") }),
    );
    // Queued and kicked: waiting, running, or (the kicked worker was quick) already the new result,
    // but never the old one.
    const after = (await artist.client.get(`/api/releases/${id}`)).body.quality;
    if (after.status === "done") expect(after.findings).toEqual([]);
    else expect(["pending", "running"]).toContain(after.status);
    await server.jobs.drain();
    expect((await artist.client.get(`/api/releases/${id}`)).body.quality).toMatchObject({
      status: "done",
      findings: [],
    });
  });
});

describe("an artist's edit meeting a check as it finishes", () => {
  // Only PostgreSQL runs the two transactions side by side (PGlite has one connection: they queue).
  it.skipIf(!TEST_ENV.onPostgres)(
    "neither waits on the other in a circle: the check takes the release before its tracks, as the edit does",
    async () => {
      const art = await image({ width: 3000, height: 3000, format: "jpeg" });
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      let asked = () => {};
      const coverAsked = new Promise<void>((resolve) => {
        asked = resolve;
      });
      // The cover's host answers only when the test says: the check is then between its start and its end.
      const gate = http.createServer(async (_req, res) => {
        asked();
        await opened;
        res.writeHead(200, { "content-type": "image/jpeg" }).end(art);
      });
      await new Promise<void>((resolve) => gate.listen(0, "127.0.0.1", resolve));
      const gateHost = `127.0.0.1:${(gate.address() as AddressInfo).port}`;
      try {
        await server.close();
        server = await startTestServer({ FETCH_ALLOW_HOSTS: `${media.host},${gateHost}` });
        artist = await createArtist(server);
        const created = await artist.client.post(
          "/api/releases",
          validRelease({ audioFileUrl: media.url("/wav-16-44-stereo.wav"), coverArtUrl: `http://${gateHost}/art.jpg` }),
        );
        const id = created.body.release.id as string;
        const checking = server.jobs.drain();
        await coverAsked;
        const db = server.database.db;
        await db.transaction(async (tx) => {
          // An edit's first step: the release, locked. Then the check may finish.
          await tx.execute(sql`select id from releases where id = ${id} for update`);
          open();
          await expect
            .poll(
              async () =>
                rowsOf<{ n: number }>(
                  await db.execute(
                    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
                  ),
                )[0]?.n,
              { timeout: 10_000 },
            )
            .toBeGreaterThan(0);
          // The edit's next step replaces the tracks: the waiting check must hold none of them.
          await tx.execute(sql`delete from tracks where release_id = ${id}`);
        });
        await checking;
        const [row] = rowsOf<{ qc_status: string }>(
          await db.execute(sql`select qc_status from releases where id = ${id}`),
        );
        expect(row?.qc_status).toBe("done");
      } finally {
        open();
        gate.closeAllConnections();
        gate.close();
      }
    },
  );
});

describe("telling the artist", () => {
  it("a blocking finding notifies the owner in the app and by e-mail; a clean check does not", async () => {
    const owner = await createArtist(server, "Told Artist");
    const bad = { audioFileUrl: media.url("/wav-16-2205-mono.wav"), coverArtUrl: media.url("/art-3000.jpg") };
    await owner.client.post(
      "/api/releases",
      validRelease({
        title: "Bright One",
        audioFileUrl: media.url("/wav-16-44-stereo.wav"),
        coverArtUrl: bad.coverArtUrl,
      }),
    );
    const created = await owner.client.post("/api/releases", validRelease({ title: "Needs Work", ...bad }));
    await server.jobs.drain();
    const { notifications } = (await owner.client.get("/api/notifications")).body;
    expect(notifications.map((n: { title: string; link: string }) => [n.title, n.link])).toEqual([
      ["Fix needed: Needs Work", `/app/releases/${created.body.release.id}`],
    ]);
    expect(notifications[0].body).toContain("found 2 problems");
    const mails = (await server.outbox()).filter((m) => m.to === owner.email);
    expect(mails.map((m) => m.subject)).toContain("Fix needed: Needs Work");
  });
});

describe("fetching user links is SSRF-safe", () => {
  const policy = { allowHosts: [] as string[], maxBytes: 1024 * 1024, timeoutMs: 5000 };
  const dest = () => path.join(os.tmpdir(), `kalrav-ssrf-${Math.random().toString(36).slice(2)}`);

  it.each([
    "http://127.0.0.1/secret",
    "http://localhost/secret",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.1.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    // IPv4-compatible IPv6: the URL parser turns it into [::7f00:1], which reads as "unicast".
    "http://[::127.0.0.1]/",
    "http://[::a9fe:a9fe]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "file:///etc/passwd",
    "ftp://example.com/a.wav",
  ])("refuses %s", async (url) => {
    await expect(safeDownload(url, dest(), policy)).rejects.toBeInstanceOf(FetchRefused);
  });

  it("refuses an allowed host's redirect to a private address", async () => {
    media.redirect("/to-metadata", "http://169.254.169.254/latest/meta-data/");
    media.redirect("/to-loopback", "http://127.0.0.1:9/");
    const allowed = { ...policy, allowHosts: [media.host] };
    await expect(safeDownload(media.url("/to-metadata"), dest(), allowed)).rejects.toThrow(/private or local/);
    await expect(safeDownload(media.url("/to-loopback"), dest(), allowed)).rejects.toThrow(/private or local/);
    // The same host is refused when it is not on the allow list.
    await expect(safeDownload(media.url("/wav-16-44-stereo.wav"), dest(), policy)).rejects.toThrow(/private or local/);
  });

  it("stops a drip-fed download at its minimum rate and at its total deadline", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "audio/wav" });
      const timer = setInterval(() => res.write("x"), 100);
      res.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const slow = { ...policy, allowHosts: [host], minBytesPerSecond: 1000, rateWindowMs: 300 };
      const file = dest();
      await expect(safeDownload(`http://${host}/a.wav`, file, slow)).rejects.toThrow(/too slowly/);
      await expect(fs.access(file)).rejects.toThrow();
      const started = Date.now();
      const capped = { ...policy, allowHosts: [host], deadlineMs: 700 };
      await expect(safeDownload(`http://${host}/a.wav`, dest(), capped)).rejects.toThrow(/did not finish within/);
      expect(Date.now() - started).toBeLessThan(2000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      await expect(
        safeDownload(`http://${host}/a.wav`, dest(), { ...policy, allowHosts: [host], signal: controller.signal }),
      ).rejects.toThrow(/stopped/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("limits size", async () => {
    const small = { ...policy, allowHosts: [media.host], maxBytes: 1000 };
    await expect(safeDownload(media.url("/art-3000.png"), dest(), small)).rejects.toThrow(/larger than/);
  });

  it("an artist's link to our own network becomes a blocking finding", async () => {
    const created = await artist.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: "http://169.254.169.254/latest/meta-data/", coverArtUrl: "http://10.0.0.1/a.jpg" }),
    );
    await server.jobs.drain();
    const { quality } = (await artist.client.get(`/api/releases/${created.body.release.id}`)).body;
    expect(quality.findings.map((f: { code: string }) => f.code).sort()).toEqual([
      "artwork.unreachable",
      "audio.unreachable",
    ]);
    expect(quality.findings[0].message).toContain("private or local address");
  });
});
