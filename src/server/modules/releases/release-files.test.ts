import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RELEASE_NOTICES } from "#domain/releases";
import { UPLOAD_MESSAGES } from "#domain/uploads";
import { createArtist, validRelease } from "#server/test/factories";
import { image, wav } from "#server/test/media-fixtures";
import { payOnTestGateway } from "#server/test/payments";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { TUS, tusMetadata, uploadFile } from "#server/test/tus";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");
const master = wav({ sampleRate: 48_000, bitDepth: 24, channels: 2, seconds: 1, extensible: true });
const secondTake = wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 });

describe("releases made from uploaded files", () => {
  let server: TestServer;
  let artist: Awaited<ReturnType<typeof createArtist>>;
  let stranger: Awaited<ReturnType<typeof createArtist>>;
  let cover: Buffer;

  beforeEach(async () => {
    server = await startTestServer();
    artist = await createArtist(server, "Asha");
    // Deliveries go to stores once the artist's plan is paid (issue 18).
    await payOnTestGateway(artist.client, { planId: "basic_artist" });
    stranger = await createArtist(server, "Stranger");
    cover = await image({ width: 3000, height: 3000, format: "jpeg" });
  });
  afterEach(async () => {
    await server?.close();
  });

  const audio = (client: TestClient, bytes: Uint8Array, name = "master.wav") =>
    uploadFile(client, { kind: "audio", type: "audio/wav", name, bytes });
  const artwork = (client: TestClient, bytes: Uint8Array, name = "cover.jpg") =>
    uploadFile(client, { kind: "artwork", type: "image/jpeg", name, bytes });
  const verdict = (client: TestClient, id: string) => client.get(`/api/uploads/${id}/check`);
  const fromUploads = (audioUploadId: string, coverArtUploadId: string, over: Record<string, unknown> = {}) =>
    validRelease({ audioFileUrl: "", coverArtUrl: "", audioUploadId, coverArtUploadId, ...over });

  it("gives the quality verdict on an upload as soon as it has finished, to its owner only", async () => {
    const good = await verdict(artist.client, await audio(artist.client, master));
    expect(good.status).toBe(200);
    expect(good.body.upload).toMatchObject({
      kind: "audio",
      fileName: "master.wav",
      finished: true,
      sha256: sha256(master),
      findings: [],
      blocking: 0,
    });

    // A text file renamed .wav, a WAV cut short, a CMYK JPG: each stored, each told what is wrong.
    const text = new TextEncoder().encode("these are my lyrics, not audio\n".repeat(20));
    const cut = master.subarray(0, Math.floor(master.length / 2));
    const cmyk = await image({ width: 3000, height: 3000, format: "jpeg", cmyk: true });
    const bad = [
      [await audio(artist.client, text, "lyrics.wav"), "audio.unreadable"],
      [await audio(artist.client, cut, "cut.wav"), "audio.truncated"],
      [await artwork(artist.client, cmyk, "print.jpg"), "artwork.colour_space"],
    ] as const;
    for (const [id, code] of bad) {
      const answer = await verdict(artist.client, id);
      expect(answer.body.upload.blocking, code).toBeGreaterThan(0);
      expect(answer.body.upload.findings.map((f: { code: string }) => f.code)).toContain(code);
      expect(answer.body.upload.findings[0].fix).not.toBe("");
    }

    // Unfinished: no verdict yet. Another artist, or a signed-out visitor: nothing at all.
    const started = await artist.client.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-length": "1000",
      "upload-metadata": tusMetadata({ kind: "audio", filetype: "audio/wav", filename: "late.wav" }),
    });
    const unfinished = (started.headers.get("location") as string).split("/").at(-1) as string;
    expect((await verdict(artist.client, unfinished)).body.upload).toMatchObject({ finished: false, findings: [] });
    expect((await verdict(stranger.client, bad[0][0])).status).toBe(404);
    expect((await verdict(server.client(), bad[0][0])).status).toBe(401);
    expect((await verdict(artist.client, "no-such-upload")).status).toBe(404);
  });

  it("submits a release from uploads: checked once from the upload, kept as versions, refused when foreign or unfinished", async () => {
    const audioId = await audio(artist.client, master);
    const coverId = await artwork(artist.client, cover);

    // Someone else's upload, an unfinished one, and audio given as artwork are each refused, storing nothing.
    const foreign = await audio(stranger.client, secondTake, "theirs.wav");
    const refusedForeign = await artist.client.post("/api/releases", fromUploads(foreign, coverId));
    expect([refusedForeign.status, refusedForeign.body.error.message]).toEqual([
      400,
      UPLOAD_MESSAGES.unusable("audio"),
    ]);
    const wrongKind = await artist.client.post("/api/releases", fromUploads(audioId, audioId));
    expect([wrongKind.status, wrongKind.body.error.message]).toEqual([400, UPLOAD_MESSAGES.unusable("artwork")]);
    const started = await artist.client.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-length": "1000",
      "upload-metadata": tusMetadata({ kind: "audio", filetype: "audio/wav", filename: "late.wav" }),
    });
    const unfinished = (started.headers.get("location") as string).split("/").at(-1) as string;
    const early = await artist.client.post("/api/releases", fromUploads(unfinished, coverId));
    expect([early.status, early.body.error.message]).toEqual([400, UPLOAD_MESSAGES.notFinished]);
    // Neither a file nor a link: the spec's message.
    const neither = await artist.client.post("/api/releases", fromUploads("", coverId));
    expect([neither.status, neither.body.error.message]).toEqual([400, RELEASE_NOTICES.missing.description]);
    const count = await server.database.db.execute(sql`select count(*)::int as n from releases`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    // The check uses what was read from the upload when it finished; the file is not read again
    // (here, what was read is changed behind its back, and the check reports the changed fact).
    await server.database.db.execute(
      sql`update uploads set facts = jsonb_set(facts, '{sampleRate}', '22050') where id = ${audioId}`,
    );
    // With a (stale) link beside the file, the file wins and the link is not kept.
    const created = await artist.client.post(
      "/api/releases",
      fromUploads(audioId, coverId, { audioFileUrl: "https://old.example/demo.wav" }),
    );
    expect(created.status).toBe(201);
    expect(created.body.release).toMatchObject({
      audioUploadId: audioId,
      audioFileUrl: null,
      coverArtUploadId: coverId,
    });
    const id = created.body.release.id as string;

    await server.jobs.drain();
    const checked = await artist.client.get(`/api/releases/${id}`);
    expect(checked.body.quality.status).toBe("done");
    expect(checked.body.quality.findings.map((f: { code: string }) => f.code)).toEqual(["audio.sample_rate"]);
    expect(checked.body.files).toEqual([
      expect.objectContaining({ subject: "artwork", version: 1, fileName: "cover.jpg", source: "upload" }),
      expect.objectContaining({ subject: "track:1", version: 1, fileName: "master.wav", sha256: sha256(master) }),
    ]);

    // Replacing the audio (still pending review) adds version 2 and checks the release again.
    const retake = await audio(artist.client, secondTake, "master-v2.wav");
    const edited = await artist.client.request("PUT", `/api/releases/${id}`, fromUploads(retake, coverId));
    expect(edited.status).toBe(200);
    await server.jobs.drain();
    const after = await artist.client.get(`/api/releases/${id}`);
    expect(after.body.quality.findings).toEqual([]);
    const track = after.body.files.find((f: { subject: string }) => f.subject === "track:1");
    expect(track).toMatchObject({ version: 2, fileName: "master-v2.wav", sha256: sha256(secondTake) });
    const versions = await server.database.db.execute(
      sql`select version, sha256 from release_file_versions where release_id = ${id} and subject = 'track:1' order by version`,
    );
    expect((versions as unknown as { rows: unknown[] }).rows).toEqual([
      { version: 1, sha256: sha256(master) },
      { version: 2, sha256: sha256(secondTake) },
    ]);

    // Approved and delivered: the store receives exactly the checked bytes, and the ERN's HashSum is theirs.
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.post(`/api/admin/releases/${id}/approve`)).status).toBe(200);
    await server.jobs.drain();
    const storeDir = path.join(server.dataDir, "deliveries", "spotify");
    const [batch] = await fs.readdir(storeDir);
    const upc = (await admin.get(`/api/admin/releases/${id}`)).body.release.upcEan as string;
    const delivered = await fs.readFile(path.join(storeDir, batch as string, upc, "resources", `${upc}_01_001.wav`));
    expect(sha256(delivered)).toBe(sha256(secondTake));
    const ern = await fs.readFile(path.join(storeDir, batch as string, upc, `${upc}.xml`), "utf8");
    expect(ern).toContain(`<HashSumValue>${md5(secondTake)}</HashSumValue>`);
    expect(ern).toContain(`<HashSumValue>${md5(cover)}</HashSumValue>`);
  });

  it("plays the checked audio with byte ranges to its owner and to admins, and shows the artwork", async () => {
    const created = await artist.client.post(
      "/api/releases",
      fromUploads(await audio(artist.client, master), await artwork(artist.client, cover)),
    );
    const id = created.body.release.id as string;
    const url = `/api/releases/${id}/tracks/1/audio`;
    await server.jobs.drain();

    const whole = await artist.client.send("GET", url, undefined);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(sha256(whole.bytes)).toBe(sha256(master));
    const part = await artist.client.send("GET", url, undefined, { range: "bytes=100-1099" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${master.length}`);
    expect(Buffer.compare(Buffer.from(part.bytes), master.subarray(100, 1100))).toBe(0);
    const tail = await artist.client.send("GET", url, undefined, { range: "bytes=-10" });
    expect(Buffer.compare(Buffer.from(tail.bytes), master.subarray(master.length - 10))).toBe(0);
    const outside = await artist.client.send("GET", url, undefined, { range: `bytes=${master.length + 5}-` });
    expect([outside.status, outside.headers.get("content-range")]).toEqual([416, `bytes */${master.length}`]);

    const picture = await artist.client.send("GET", `/api/releases/${id}/artwork`, undefined);
    expect([picture.status, picture.headers.get("content-type"), sha256(picture.bytes)]).toEqual([
      200,
      "image/jpeg",
      sha256(cover),
    ]);
    // No such track; another artist; a signed-out visitor.
    expect((await artist.client.send("GET", `/api/releases/${id}/tracks/2/audio`, undefined)).status).toBe(404);
    expect((await stranger.client.send("GET", url, undefined)).status).toBe(404);
    expect((await stranger.client.send("GET", `/api/releases/${id}/artwork`, undefined)).status).toBe(404);
    expect((await server.client().send("GET", url, undefined)).status).toBe(401);
    // An artist cannot use the admin's route; the admin hears the same bytes.
    expect((await artist.client.send("GET", `/api/admin/releases/${id}/tracks/1/audio`, undefined)).status).toBe(403);
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const reviewed = await admin.send("GET", `/api/admin/releases/${id}/tracks/1/audio`, undefined, {
      range: "bytes=0-43",
    });
    expect([reviewed.status, Buffer.from(reviewed.bytes).toString("ascii", 0, 4)]).toEqual([206, "RIFF"]);
    expect((await admin.send("GET", `/api/admin/releases/${id}/artwork`, undefined)).status).toBe(200);
  });
});
