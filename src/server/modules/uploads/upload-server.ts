import { createHash, type Hash } from "node:crypto";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, EVENTS, type Locker, MemoryLocker, Server } from "@tus/server";
import { and, count, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { t } from "#domain/i18n";
import { withoutControlCharacters } from "#domain/text";
import {
  isAllowedType,
  MAX_UNFINISHED_UPLOADS,
  UNUSED_UPLOAD_DAYS,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_KINDS,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type UploadKind,
} from "#domain/uploads";
import type { Db } from "#server/db/client";
import { releases, tracks, uploads } from "#server/db/schema";
import { enqueueJob, type ScheduledTask } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import { inspectFile } from "#server/media/inspect";
import { type Md5Stream, md5OnThread } from "#server/media/md5-thread";
import type { MediaStore } from "#server/media/media-store";
import { recordMediaFile, storageHeld } from "#server/media/media-usage";

export const UPLOADS_PATH = "/api/uploads";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}
const LARGEST_UPLOAD = Math.max(...UPLOAD_KINDS.map((k) => UPLOAD_LIMITS[k].maxBytes));

/**
 * The tus S3 store, removing everything an upload left in the bucket. In @tus/s3-store 2.0.7 remove()
 * leaves the incomplete last part behind, and for a finished upload (whose multipart upload S3 no
 * longer knows) it stops at "not found" before deleting the object: both are deleted here.
 */
class BucketStore extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (err) {
      if ((err as { status_code?: number }).status_code !== 404) throw err;
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
    });
  }
}

/**
 * The tus file store, hashing each upload's bytes as they are written (issue 36: the finished file was
 * read again to hash it). The hashes see the same chunks the store writes, in the same pass: SHA-256 on
 * this thread, MD5 on its own (the two on one thread held a 500 MB upload to their sum). A write
 * continues them only from the exact offset they reached. Anything else (a PATCH another process took,
 * a write cut short) drops them, and the finished file is then read once for them.
 */
class HashingFileStore extends FileStore {
  private readonly arriving = new Map<string, { bytes: number; sha256: Hash; md5: Md5Stream }>();

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const held = this.arriving.get(id);
    if (held?.bytes !== offset) this.forget(id);
    const hashes =
      held?.bytes === offset
        ? held
        : offset === 0
          ? { bytes: 0, sha256: createHash("sha256"), md5: md5OnThread() }
          : undefined;
    if (!hashes) return super.write(readable, id, offset);
    this.arriving.set(id, hashes);
    // Each chunk is hashed before the store writes it; when the MD5 thread is behind, the request's
    // bytes wait for it, so the server's memory stays flat.
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hashes.sha256.update(chunk);
        hashes.bytes += chunk.byteLength;
        const pass = () => done(null, chunk);
        // Should the MD5 thread fail, the bytes still go on to the store, and take() finds no MD5.
        const behind = hashes.md5.update(chunk);
        if (behind) behind.then(pass, pass);
        else pass();
      },
    });
    // An error or a request cut short reaches the store's own pipeline through `hashing`.
    pipeline(readable, hashing).catch(() => {});
    try {
      const stored = await super.write(hashing, id, offset);
      if (hashes.bytes !== stored) this.forget(id);
      return stored;
    } catch (err) {
      this.forget(id);
      throw err;
    }
  }

  /** Drops an upload's hashes (it expired, was removed, or its bytes went elsewhere). */
  forget(id: string) {
    this.arriving.get(id)?.md5.drop();
    this.arriving.delete(id);
  }

  /** The hashes of a finished upload's `size` bytes, if every one of them passed here; forgets them. */
  async take(id: string, size: number | undefined): Promise<{ sha256: string; md5: string } | undefined> {
    const hashes = this.arriving.get(id);
    this.arriving.delete(id);
    if (!hashes) return undefined;
    if (hashes.bytes !== size) {
      hashes.md5.drop();
      return undefined;
    }
    // Should the MD5 thread fail, the finished file is read once for both instead.
    const md5 = await hashes.md5.digest().catch(() => undefined);
    return md5 ? { sha256: hashes.sha256.digest("hex"), md5 } : undefined;
  }
}

/** What the tus library sends back when a hook refuses: a status and a plain-text body. */
const refuse = (status_code: number, message: string) => ({ status_code, body: `${message}\n` });

/**
 * The resumable-upload endpoint (tus 1.0, `@tus/server` over `@tus/file-store` under DATA_DIR): only a
 * signed-in user may start an upload, and every later request on it (HEAD, PATCH, DELETE) must come
 * from its owner; anyone else is told it does not exist. The kind, type and size are checked from the
 * creation request's headers, before a byte is stored. A finished upload is read once for its SHA-256
 * and MD5 and taken into the media store under its SHA-256, where the quality check and deliveries
 * read it.
 */
export function createUploadServer(deps: {
  db: Db;
  dataDir: string;
  media: MediaStore;
  logger?: Logger;
  /** Uploads in progress go to this bucket instead of DATA_DIR/tus. */
  s3?: S3Settings;
  /** Tests put a failing store here (a full disk). */
  store?: DataStore;
  /** Storage each owner may hold (MEDIA_QUOTA_MB); uploads count against it from their creation. */
  quotaBytes?: number;
  /** Upload locks: shared through PostgreSQL when several processes serve one database; this process's memory otherwise. */
  locker?: Locker;
}) {
  const { db } = deps;
  const directory = path.join(deps.dataDir, "tus");
  const expirationPeriodInMilliseconds = UPLOAD_EXPIRY_HOURS * 3_600_000;
  const store =
    deps.store ??
    (deps.s3
      ? new BucketStore({
          expirationPeriodInMilliseconds,
          // 8 MiB parts: S3's 5 MiB minimum with room, so a 2 GiB file stays far under the 10,000-part limit.
          partSize: 8 * 1024 * 1024,
          s3ClientConfig: {
            bucket: deps.s3.bucket,
            region: deps.s3.region,
            endpoint: deps.s3.endpoint,
            forcePathStyle: Boolean(deps.s3.endpoint),
            credentials:
              deps.s3.accessKeyId && deps.s3.secretAccessKey
                ? { accessKeyId: deps.s3.accessKeyId, secretAccessKey: deps.s3.secretAccessKey }
                : undefined,
            // Plain payloads: S3-compatible services do not all read the SDK's default streamed checksums.
            requestChecksumCalculation: "WHEN_REQUIRED",
            responseChecksumValidation: "WHEN_REQUIRED",
          },
        })
      : new HashingFileStore({ directory, expirationPeriodInMilliseconds }));
  /** A finished upload's bytes, into the media store: linked from this disk, or read once from the bucket. */
  const adopt = async (id: string, size: number | undefined) => {
    if (store instanceof S3Store) return deps.media.adoptStream(await store.read(id));
    return deps.media.adopt(
      path.join(directory, id),
      store instanceof HashingFileStore ? await store.take(id, size) : undefined,
    );
  };
  /** Who is asking, per request: the route sets it after checking the session. */
  const requester = new WeakMap<Request, string>();
  const ownerOf = (req: Request) => {
    const userId = requester.get(req);
    if (!userId) throw refuse(401, t("server.signIn"));
    return userId;
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker: deps.locker ?? new MemoryLocker(),
    relativeLocation: true,
    maxSize: LARGEST_UPLOAD,
    respectForwardedHeaders: false,
    async onIncomingRequest(req, uploadId) {
      const userId = ownerOf(req);
      // Creation is checked in onUploadCreate; every other request names an upload that must be theirs.
      if (req.method === "POST") return;
      const [row] = await db
        .select({ ownerId: uploads.ownerId, finishedAt: uploads.finishedAt })
        .from(uploads)
        .where(eq(uploads.id, uploadId));
      // Another person's upload and an absent one look the same.
      if (row?.ownerId !== userId) throw refuse(404, UPLOAD_MESSAGES.notFound);
      // A finished file may already be part of a release: it is never cancelled, only expired unused.
      if (req.method === "DELETE" && row.finishedAt) throw refuse(409, UPLOAD_MESSAGES.finishedStays);
    },
    async onUploadCreate(req, upload) {
      const userId = ownerOf(req);
      const kind = upload.metadata?.kind as UploadKind | undefined;
      if (!kind || !UPLOAD_KINDS.includes(kind)) throw refuse(400, UPLOAD_MESSAGES.kindRequired);
      const contentType = withoutControlCharacters(upload.metadata?.filetype ?? upload.metadata?.type ?? "");
      if (!isAllowedType(kind, contentType)) throw refuse(415, UPLOAD_MESSAGES.wrongType(kind));
      if (upload.size === undefined) throw refuse(400, UPLOAD_MESSAGES.lengthRequired);
      if (upload.size > UPLOAD_LIMITS[kind].maxBytes) throw refuse(413, UPLOAD_MESSAGES.tooLarge(kind));
      const [open] = await db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.ownerId, userId), isNull(uploads.finishedAt)));
      if ((open?.n ?? 0) >= MAX_UNFINISHED_UPLOADS) throw refuse(429, UPLOAD_MESSAGES.tooManyUnfinished);
      const size = upload.size;
      await db.transaction(async (tx) => {
        // One creation at a time per owner, so two parallel ones cannot both fit in the space left.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
        if (deps.quotaBytes) {
          const held = await storageHeld(tx, userId);
          if (held + size > deps.quotaBytes) throw overQuota(deps.quotaBytes, held);
        }
        await tx.insert(uploads).values({
          id: upload.id,
          ownerId: userId,
          kind,
          // Control characters (a NUL cannot even be stored) are dropped, never a 500.
          fileName: withoutControlCharacters(upload.metadata?.filename ?? upload.metadata?.name ?? "").slice(0, 255),
          contentType: contentType.toLowerCase(),
          sizeBytes: size,
        });
      });
      return {};
    },
    // The library would answer an unexpected error with its message (paths and all): a full disk is
    // 507, and anything else a plain 500 that is logged, not shown.
    onResponseError(_req, err) {
      if ("status_code" in err) return undefined;
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOSPC" || code === "EDQUOT") return refuse(507, UPLOAD_MESSAGES.noRoom);
      deps.logger?.error({ err }, "upload failed");
      return refuse(500, t("server.internal"));
    },
    // The one pass over a finished file: hashed, stored by content, and read by the quality check,
    // so the artist sees the verdict as soon as the last byte is in.
    async onUploadFinish(req, upload) {
      // Counted again at the finish: what was reserved at creation is what arrived, but the quota or
      // the releases may have changed meanwhile.
      if (deps.quotaBytes) {
        const held = await storageHeld(db, ownerOf(req), upload.id);
        if (held + (upload.size ?? upload.offset) > deps.quotaBytes) {
          await db.delete(uploads).where(eq(uploads.id, upload.id));
          await store.remove(upload.id).catch(() => {});
          throw overQuota(deps.quotaBytes, held);
        }
      }
      const file = await adopt(upload.id, upload.size);
      await recordMediaFile(db, { sha256: file.sha256, bytes: file.bytes }, ownerOf(req));
      const kind = upload.metadata?.kind === "audio" ? "audio" : "artwork";
      const facts = await inspectFile(kind, file.path);
      await db.transaction(async (tx) => {
        await tx
          .update(uploads)
          .set({ finishedAt: new Date(), sha256: file.sha256, md5: file.md5, facts })
          .where(eq(uploads.id, upload.id));
        // A master's levels and fingerprint are measured on the queue straight away, so the
        // per-store verdict has them before the release is submitted.
        if (kind === "audio") await enqueueJob(tx, "audio-analysis", upload.id, { maxAttempts: 2 });
      });
      return {};
    },
  });

  // A cancelled upload is forgotten with its bytes, before the DELETE is answered: a creation right
  // after it must find its room given back (the library emits the event before it resolves).
  const forgetting = new Set<Promise<unknown>>();
  tus.on(EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, id: string) => {
    const forgotten = db
      .delete(uploads)
      .where(eq(uploads.id, id))
      .catch(() => {});
    forgetting.add(forgotten);
    void forgotten.finally(() => forgetting.delete(forgotten));
  });

  const server = {
    /** Answers one tus request for `userId` (already signed in). */
    async handle(req: Request, userId: string): Promise<Response> {
      requester.set(req, userId);
      const response = await tus.handleWeb(req);
      if (req.method === "DELETE") await Promise.all(forgetting);
      return response;
    },
    /**
     * Removes uploads left unfinished for longer than the expiry, with their bytes, and forgets finished
     * ones no release took up within days (the media sweep then removes their bytes); returns how many
     * were removed. `now` is for tests.
     */
    async expire(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - UPLOAD_EXPIRY_HOURS * 3_600_000);
      const stale = await db
        .delete(uploads)
        .where(and(isNull(uploads.finishedAt), lt(uploads.createdAt, before)))
        .returning({ id: uploads.id });
      const unusedBefore = new Date(now.getTime() - UNUSED_UPLOAD_DAYS * 86_400_000);
      const unused = await db
        .delete(uploads)
        .where(
          and(
            isNotNull(uploads.finishedAt),
            lt(uploads.finishedAt, unusedBefore),
            sql`not exists (select 1 from ${releases} r where r.audio_upload_id = ${uploads.id} or r.cover_art_upload_id = ${uploads.id})`,
            sql`not exists (select 1 from ${tracks} t where t.audio_upload_id = ${uploads.id})`,
          ),
        )
        .returning({ id: uploads.id });
      for (const { id } of [...stale, ...unused]) {
        if (store instanceof HashingFileStore) store.forget(id);
        await store.remove(id).catch(() => {});
      }
      return stale.length + unused.length;
    },
  };
  /** Abandoned uploads are removed hourly, once across processes (a scheduled job). */
  const schedule: ScheduledTask[] = [
    {
      kind: "upload-expiry",
      everySeconds: 3600,
      run: async () => {
        const expired = await server.expire();
        if (expired) deps.logger?.info({ uploads: expired }, "abandoned uploads removed");
      },
    },
  ];
  return { ...server, schedule };
}

export type UploadServer = ReturnType<typeof createUploadServer>;

const overQuota = (quotaBytes: number, held: number) =>
  refuse(
    413,
    UPLOAD_MESSAGES.overQuota(
      Math.max(0, Math.floor((quotaBytes - held) / 1_000_000)),
      Math.round(quotaBytes / 1_000_000),
    ),
  );
