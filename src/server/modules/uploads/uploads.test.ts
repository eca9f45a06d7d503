import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_UNFINISHED_UPLOADS, UPLOAD_MESSAGES } from "#domain/uploads";
import { uploads } from "#server/db/schema";
import { createMediaStore, type MediaStore } from "#server/media/media-store";
import { createArtist } from "#server/test/factories";
import { wav } from "#server/test/media-fixtures";
import { startS3Server } from "#server/test/s3-server";
import { createTestDatabase } from "#server/test/test-database";
import { startTestServer, type TestClient, type TestServer } from "#server/test/test-server";
import { createUploadServer } from "./upload-server";

const TUS = { "tus-resumable": "1.0.0" };
const b64 = (s: string) => Buffer.from(s).toString("base64");
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Where uploads in progress are kept: the built-in folder under DATA_DIR, or an S3-compatible bucket
 * (an s3rver started here, a fresh bucket per test). Each says which uploads it holds and their bytes.
 */
interface Backend {
  env(): Promise<Record<string, string>>;
  stored(server: TestServer): Promise<string[]>;
  read(server: TestServer, id: string): Promise<Uint8Array>;
  stop?(): Promise<void>;
}

const disk: Backend = {
  env: async () => ({}),
  stored: async (server) =>
    (await fs.readdir(path.join(server.dataDir, "tus")).catch(() => [] as string[])).filter(
      (f) => !f.endsWith(".json"),
    ),
  read: async (server, id) => fs.readFile(path.join(server.dataDir, "tus", id)),
};

/** A fresh S3-compatible server per test. */
let s3server: Awaited<ReturnType<typeof startS3Server>> | undefined;
let s3: S3Client | undefined;
const s3Backend: Backend = {
  async env() {
    s3server = await startS3Server();
    s3 = new S3Client({
      endpoint: s3server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return s3server.env;
  },
  // Uploads the bucket holds (their metadata objects aside), by id.
  async stored() {
    const keys = ((await s3server?.keys()) ?? []).filter((k) => !k.endsWith(".info"));
    return [...new Set(keys.map((k) => k.replace(/\.part$/, "")))];
  },
  async read(_server, id) {
    const object = await s3?.send(new GetObjectCommand({ Bucket: s3server?.bucket, Key: id }));
    return (await object?.Body?.transformToByteArray()) ?? new Uint8Array();
  },
  async stop() {
    s3?.destroy();
    await s3server?.close();
  },
};

describe.each([
  ["on disk", disk],
  ["in an S3 bucket", s3Backend],
] as const)("resumable uploads (tus 1.0) %s", (_name, backend) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createArtist>>;
  let stranger: Awaited<ReturnType<typeof createArtist>>;

  beforeEach(async () => {
    server = await startTestServer(await backend.env());
    owner = await createArtist(server, "Uploader");
    stranger = await createArtist(server, "Stranger");
  });
  afterEach(async () => {
    await server?.close();
    await backend.stop?.();
  });

  const create = (client: TestClient, size: number, meta: Record<string, string>) =>
    client.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-length": String(size),
      "upload-metadata": metadata(meta),
    });
  const wav = { kind: "audio", filetype: "audio/wav", filename: "master.wav" };
  const patch = (client: TestClient, location: string, offset: number, bytes: Uint8Array<ArrayBuffer>) =>
    client.send("PATCH", location, bytes, {
      ...TUS,
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    });
  const uploadRows = async () =>
    rows<{ id: string; finished: boolean }>(
      await server.database.db.execute(sql`select id, finished_at is not null as finished from uploads`),
    );
  const storedFiles = () => backend.stored(server);

  it("announces the protocol, and refuses signed-out visitors", async () => {
    const options = await server.client().send("OPTIONS", "/api/uploads", undefined);
    expect(options.status).toBe(204);
    expect(options.headers.get("tus-version")).toContain("1.0.0");
    expect(options.headers.get("tus-extension")).toContain("creation");
    expect((await create(server.client(), 10, wav)).status).toBe(401);
    expect(await uploadRows()).toEqual([]);
  });

  it("takes a file in two halves after an interruption, resuming at the offset the server reports", async () => {
    const source = new Uint8Array(randomBytes(300_000));
    const created = await create(owner.client, source.length, wav);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);

    const half = 150_000;
    const first = await patch(owner.client, location, 0, source.slice(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(half));
    // The connection dropped; the client asks where to carry on.
    const head = await owner.client.send("HEAD", location, undefined, TUS);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(half));
    expect(head.headers.get("upload-length")).toBe(String(source.length));
    // An offset that does not match is refused and stores nothing.
    expect((await patch(owner.client, location, 1000, source.slice(1000, 2000))).status).toBe(409);

    const rest = await patch(owner.client, location, half, source.slice(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(source.length));
    const id = location.split("/").at(-1) as string;
    // A finished file may be part of a release: it cannot be cancelled.
    const cancel = await owner.client.send("DELETE", location, undefined, TUS);
    expect([cancel.status, cancel.text.trim()]).toEqual([409, UPLOAD_MESSAGES.finishedStays]);
    const stored = await backend.read(server, id);
    expect(sha256(stored)).toBe(sha256(source));
    expect(await uploadRows()).toEqual([{ id, finished: true }]);
    // Read once at the end: its hashes recorded, and the same bytes in the media store under the SHA-256.
    const [hashes] = rows<{ sha256: string; md5: string }>(
      await server.database.db.execute(sql`select sha256, md5 from uploads where id = ${id}`),
    );
    expect(hashes).toEqual({ sha256: sha256(source), md5: createHash("md5").update(source).digest("hex") });
    const media = await fs.readFile(path.join(server.dataDir, "media", sha256(source).slice(0, 2), sha256(source)));
    expect(sha256(media)).toBe(sha256(source));
    const [quota] = rows<{ bytes: number; owner_id: string }>(
      await server.database.db.execute(
        sql`select bytes::int, owner_id from media_files where sha256 = ${sha256(source)}`,
      ),
    );
    expect(quota).toEqual({ bytes: source.length, owner_id: owner.id });
  });

  it("is its owner's alone: anyone else gets 404 for every operation, and the owner can cancel it", async () => {
    const created = await create(owner.client, 1000, wav);
    const location = created.headers.get("location") as string;
    const bytes = new Uint8Array(randomBytes(100));
    for (const [method, body, headers] of [
      ["HEAD", undefined, TUS],
      ["PATCH", bytes, { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" }],
      ["DELETE", undefined, TUS],
    ] as const) {
      const res = await stranger.client.send(method, location, body, headers);
      expect(res.status, `${method} by another artist`).toBe(404);
      expect((await server.client().send(method, location, body, headers)).status, `${method} signed out`).toBe(401);
    }
    // Nothing the stranger sent was stored.
    expect((await owner.client.send("HEAD", location, undefined, TUS)).headers.get("upload-offset")).toBe("0");
    expect((await stranger.client.send("HEAD", "/api/uploads/0123456789abcdef", undefined, TUS)).status).toBe(404);

    expect((await owner.client.send("DELETE", location, undefined, TUS)).status).toBe(204);
    expect((await owner.client.send("HEAD", location, undefined, TUS)).status).toBe(404);
    await expect.poll(uploadRows).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it("checks kind, type and size before a byte is stored, and limits unfinished uploads", async () => {
    const cases: [number, Record<string, string>, number, string][] = [
      [1000, { filetype: "audio/wav", filename: "a.wav" }, 400, UPLOAD_MESSAGES.kindRequired],
      [1000, { kind: "audio", filetype: "text/plain", filename: "notes.wav" }, 415, UPLOAD_MESSAGES.wrongType("audio")],
      [1000, { kind: "artwork", filetype: "image/gif", filename: "a.gif" }, 415, UPLOAD_MESSAGES.wrongType("artwork")],
      [
        60 * 1024 ** 2,
        { kind: "artwork", filetype: "image/jpeg", filename: "big.jpg" },
        413,
        UPLOAD_MESSAGES.tooLarge("artwork"),
      ],
    ];
    for (const [size, meta, status, message] of cases) {
      const res = await create(owner.client, size, meta);
      expect(res.status, JSON.stringify(meta)).toBe(status);
      expect(res.text.trim()).toBe(message);
    }
    // Four gigabytes of audio is over every limit: the library refuses it from Upload-Length alone.
    expect((await create(owner.client, 4 * 1024 ** 3, wav)).status).toBe(413);
    // No length: refused (a length declared later cannot be checked first).
    const deferred = await owner.client.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-defer-length": "1",
      "upload-metadata": metadata(wav),
    });
    expect(deferred.status).toBe(400);
    expect(await uploadRows()).toEqual([]);
    expect(await storedFiles()).toEqual([]);

    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) expect((await create(owner.client, 10, wav)).status).toBe(201);
    const over = await create(owner.client, 10, wav);
    expect(over.status).toBe(429);
    expect(over.text.trim()).toBe(UPLOAD_MESSAGES.tooManyUnfinished);
    // Another artist has a budget of their own.
    expect((await create(stranger.client, 10, wav)).status).toBe(201);
  });

  it("removes abandoned uploads and their bytes once they expire, and keeps finished ones", async () => {
    const abandoned = (await create(owner.client, 1000, wav)).headers.get("location") as string;
    await patch(owner.client, abandoned, 0, new Uint8Array(randomBytes(400)));
    const finished = (await create(owner.client, 10, wav)).headers.get("location") as string;
    await patch(owner.client, finished, 0, new Uint8Array(randomBytes(10)));
    expect(await server.uploads.expire()).toBe(0);
    const twoDaysOn = new Date(Date.now() + 48 * 3_600_000);
    expect(await server.uploads.expire(twoDaysOn)).toBe(1);
    expect((await uploadRows()).map((r) => r.id)).toEqual([finished.split("/").at(-1)]);
    expect(await storedFiles()).toEqual([finished.split("/").at(-1)]);
    expect((await owner.client.send("HEAD", abandoned, undefined, TUS)).status).toBe(404);
    // A finished file no release took up is forgotten after a week (the media sweep then takes its bytes).
    expect(await server.uploads.expire(new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(await uploadRows()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });
});

describe("the storage quota", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it("counts an upload from its creation, at its declared length, in parallel too (issue 33)", async () => {
    server = await startTestServer({ MEDIA_QUOTA_MB: "1" }); // 1,048,576 bytes
    const owner = await createArtist(server, "Quota");
    const create = (size: number) =>
      owner.client.send("POST", "/api/uploads", undefined, {
        ...TUS,
        "upload-length": String(size),
        "upload-metadata": metadata({ kind: "audio", filetype: "audio/wav", filename: "m.wav" }),
      });
    const over = await create(2_000_000);
    expect(over.status).toBe(413);
    expect(over.text.trim()).toBe(UPLOAD_MESSAGES.overQuota(1, 1));
    // Four parallel 400 kB creations: only two fit in 1 MiB, whatever their order.
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(400_000)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 413, 413]);
    const held = rows<{ bytes: string }>(
      await server.database.db.execute(sql`select coalesce(sum(size_bytes), 0)::bigint as bytes from uploads`),
    );
    expect(Number(held[0]?.bytes)).toBe(800_000);
    // A cancelled upload gives its room back.
    const location = answers.find((a) => a.status === 201)?.headers.get("location") as string;
    expect((await owner.client.send("DELETE", location, undefined, TUS)).status).toBe(204);
    expect((await create(400_000)).status).toBe(201);
  });
});

describe("a full disk", () => {
  it("answers 507 with a message the artist can act on, leaks no path, and keeps the upload resumable", async () => {
    const { database, dispose } = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-full-disk-"));
    try {
      await database.db.execute(sql`insert into users (id, name, email) values ('u1', 'Uploader', 'u1@example.com')`);
      // A store whose disk is full: creating the (empty) file works, writing bytes does not.
      class FullDisk extends FileStore {
        override async write(): Promise<number> {
          throw Object.assign(new Error(`ENOSPC: no space left on device, write '${dataDir}/secret'`), {
            code: "ENOSPC",
          });
        }
      }
      const uploadServer = createUploadServer({
        db: database.db,
        dataDir,
        // Never reached: no upload finishes here.
        media: {} as MediaStore,
        store: new FullDisk({ directory: path.join(dataDir, "tus") }),
      });
      const created = await uploadServer.handle(
        new Request("http://localhost/api/uploads", {
          method: "POST",
          headers: {
            ...TUS,
            "upload-length": "100",
            "upload-metadata": metadata({ kind: "audio", filetype: "audio/wav" }),
          },
        }),
        "u1",
      );
      expect(created.status).toBe(201);
      const location = created.headers.get("location") as string;
      const patched = await uploadServer.handle(
        new Request(`http://localhost${location}`, {
          method: "PATCH",
          headers: { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
          body: new Uint8Array(100),
        }),
        "u1",
      );
      expect(patched.status).toBe(507);
      const text = await patched.text();
      expect(text.trim()).toBe(UPLOAD_MESSAGES.noRoom);
      expect(text).not.toContain(dataDir);
      const head = await uploadServer.handle(
        new Request(`http://localhost${location}`, { method: "HEAD", headers: TUS }),
        "u1",
      );
      expect(head.headers.get("upload-offset")).toBe("0");
    } finally {
      await dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("one pass over an upload's bytes (issue 36)", () => {
  it("hashes the bytes as they arrive, across PATCHes, and reads the file again only when it missed some", async () => {
    const { database, dispose } = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-one-pass-"));
    try {
      await database.db.execute(sql`insert into users (id, name, email) values ('u1', 'Uploader', 'u1@example.com')`);
      const media = createMediaStore(path.join(dataDir, "media"), { allowHosts: [], maxBytes: 1, timeoutMs: 1 });
      // What the media store was told of each file it took in: the hashes, when the upload had them.
      const told: ({ sha256: string; md5: string } | undefined)[] = [];
      const processOn = () =>
        createUploadServer({
          db: database.db,
          dataDir,
          media: {
            ...media,
            adopt: (file, known) => {
              told.push(known);
              return media.adopt(file, known);
            },
          },
        });
      // Two processes on one disk and database, as behind a load balancer.
      const [a, b] = [processOn(), processOn()];
      const send = (
        server: ReturnType<typeof processOn>,
        method: string,
        url: string,
        headers: Record<string, string>,
        body?: Uint8Array<ArrayBuffer>,
      ) =>
        server.handle(new Request(`http://localhost${url}`, { method, headers: { ...TUS, ...headers }, body }), "u1");
      /** Uploads `bytes` in two PATCHes, the second through `second`; returns what the upload recorded. */
      const upload = async (bytes: Uint8Array<ArrayBuffer>, second: ReturnType<typeof processOn>) => {
        const created = await send(a, "POST", "/api/uploads", {
          "upload-length": String(bytes.length),
          "upload-metadata": metadata({ kind: "audio", filetype: "audio/wav" }),
        });
        const location = created.headers.get("location") as string;
        const patch = { "content-type": "application/offset+octet-stream" };
        const half = bytes.length / 2;
        const first = await send(a, "PATCH", location, { ...patch, "upload-offset": "0" }, bytes.slice(0, half));
        expect(first.status).toBe(204);
        const rest = await send(
          second,
          "PATCH",
          location,
          { ...patch, "upload-offset": String(half) },
          bytes.slice(half),
        );
        expect(rest.status).toBe(204);
        const id = location.split("/").at(-1) as string;
        const [row] = await database.db
          .select({ sha256: uploads.sha256, md5: uploads.md5 })
          .from(uploads)
          .where(eq(uploads.id, id));
        return row;
      };
      const digests = (bytes: Uint8Array) => ({
        sha256: createHash("sha256").update(bytes).digest("hex"),
        md5: createHash("md5").update(bytes).digest("hex"),
      });
      // Both halves through one process: hashed as they arrived, never read again.
      const whole = new Uint8Array(wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 0.5 }));
      expect(await upload(whole, a)).toEqual(digests(whole));
      expect(told).toEqual([digests(whole)]);
      // The second half through the other process: neither saw every byte, so the file is read once.
      const split = new Uint8Array(wav({ sampleRate: 48_000, bitDepth: 16, channels: 2, seconds: 0.5 }));
      expect(await upload(split, b)).toEqual(digests(split));
      expect(told).toEqual([digests(whole), undefined]);
    } finally {
      await dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
