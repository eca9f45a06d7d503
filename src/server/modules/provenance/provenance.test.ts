import { createPublicKey, verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { canonicalJson } from "#domain/provenance";
import { createArtist, validRelease } from "#server/test/factories";
import { image, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { startTestServer, type TestServer } from "#server/test/test-server";
import { loadOrCreateSigner } from "./signing-key";

describe("the signing key", () => {
  it("is made once and kept, signs, and refuses a changed byte", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kalrav-key-"));
    const signer = loadOrCreateSigner(dir);
    expect(loadOrCreateSigner(dir).keyId).toBe(signer.keyId);
    expect(fs.statSync(path.join(dir, "provenance-key.pem")).mode & 0o777).toBe(0o600);
    const bytes = Buffer.from(canonicalJson({ b: 1, a: [true, null, "ज़"] }));
    expect(bytes.toString()).toBe('{"a":[true,null,"ज़"],"b":1}');
    const signature = signer.sign(bytes);
    expect(signer.verify(bytes, signature)).toBe(true);
    const changed = Buffer.from(bytes);
    changed[5] = (changed[5] as number) ^ 1;
    expect(signer.verify(changed, signature)).toBe(false);
    expect(signer.verify(bytes, "not a signature")).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

let server: TestServer;
let media: MediaServer;

beforeAll(async () => {
  media = await startMediaServer();
  media.put("/song.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 6 }));
  media.put("/art.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
}, 60_000);
afterAll(async () => {
  await media?.close();
});
beforeEach(async () => {
  server = await startTestServer({ FETCH_ALLOW_HOSTS: media.host });
});
afterEach(async () => {
  await server?.close();
});

describe("provenance records", () => {
  it("signs what the release declared and the files it holds; anyone can check it, and a changed byte fails", async () => {
    const artist = await createArtist(server, "Asha");
    const created = await artist.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: media.url("/song.wav"), coverArtUrl: media.url("/art.jpg") }),
    );
    const releaseId = created.body.release.id as string;
    // Before the check has read the files, there is nothing to vouch for.
    const early = await artist.client.post(`/api/releases/${releaseId}/provenance`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("NOT_CHECKED");

    await server.jobs.drain();
    const issued = await artist.client.post(`/api/releases/${releaseId}/provenance`);
    expect(issued.status).toBe(200);
    expect(issued.body.path).toBe(`/provenance/${issued.body.id}`);
    // Nothing changed: the same record.
    expect((await artist.client.post(`/api/releases/${releaseId}/provenance`)).body.id).toBe(issued.body.id);

    const visitor = server.client();
    const record = await visitor.get(`/api/provenance/${issued.body.id}`);
    expect(record.status).toBe(200);
    expect(record.body.valid).toBe(true);
    const detail = await artist.client.get(`/api/releases/${releaseId}`);
    expect(record.body.document).toMatchObject({
      kind: "kalrav.provenance/1",
      id: issued.body.id,
      release: { id: releaseId, title: "Monsoon Nights", artistName: "Asha" },
      declaration: { release: "none", artwork: "none", tracks: [{ position: 1, ai: { vocals: "none" } }] },
      files: [
        {
          subject: "Track 1 audio",
          sha256:
            detail.body.files.find((f: { subject: string }) => f.subject === "track:1")?.sha256 ?? expect.any(String),
          fingerprint: {
            algorithm: "chromaprint",
            items: expect.any(Number),
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
        },
        { subject: "Artwork", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
      deliveries: [],
    });
    // Checked offline, as anyone with the published key would: the signed bytes are the canonical JSON.
    const key = createPublicKey(record.body.publicKey);
    const signed = Buffer.from(record.body.signedText, "utf8");
    expect(canonicalJson(record.body.document)).toBe(record.body.signedText);
    expect(verify(null, signed, key, Buffer.from(record.body.signature, "base64"))).toBe(true);
    const tampered = Buffer.from(signed);
    tampered[40] = (tampered[40] as number) ^ 1;
    expect(verify(null, tampered, key, Buffer.from(record.body.signature, "base64"))).toBe(false);

    const page = await visitor.get(`/provenance/${issued.body.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("The signature is valid");
    expect(page.text).toContain(record.body.document.files[0].sha256);
    const pdf = await visitor.send("GET", `/api/provenance/${issued.body.id}/pdf`, undefined);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe("%PDF-");

    // A record changed in our own database no longer verifies, and says so.
    await server.database.db.execute(
      sql`update provenance_records set document = replace(document, 'Monsoon Nights', 'Monsoon Knights')`,
    );
    expect((await visitor.get(`/api/provenance/${issued.body.id}`)).body.valid).toBe(false);
    expect((await visitor.get(`/provenance/${issued.body.id}`)).text).toContain("The signature does not match");
  });

  it("is the owner's to issue; an unknown id is a 404 page", async () => {
    const owner = await createArtist(server);
    const other = await createArtist(server);
    const created = await owner.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: media.url("/song.wav"), coverArtUrl: media.url("/art.jpg") }),
    );
    await server.jobs.drain();
    expect((await other.client.post(`/api/releases/${created.body.release.id}/provenance`)).status).toBe(404);
    const visitor = server.client();
    expect((await visitor.get("/api/provenance/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await visitor.get("/provenance/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await visitor.get("/api/provenance/bad")).status).toBe(400);
  });
});
