import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { AiLevel } from "#domain/ai-disclosure";
import { DELIVERY_MAX_ATTEMPTS, DELIVERY_MESSAGES, type DeliveryKind, isDelivered } from "#domain/deliveries";
import type { ReleaseTiming, ReleaseType } from "#domain/releases";
import type { Db, Tx } from "#server/db/client";
import { deliveries, releases } from "#server/db/schema";
import { type ClaimedJob, enqueueJob } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { MediaStore } from "#server/media/media-store";
import { emitDeliveryStateChanged } from "#server/modules/events";
import { type Acknowledgement, acknowledgementMatches, ackPrefix, parseAcknowledgement } from "./acknowledgements";
import {
  buildNewReleaseMessage,
  buildPurgeReleaseMessage,
  type ErnArtistIds,
  type ErnSnapshot,
  type ErnTrack,
} from "./ern";
import type { ErnValidator } from "./ern-schema";
import { buildItunesMetadata, checkItunesPackage, packageFolder } from "./itunes-package";
import { buildManifestMessage } from "./manifest";
import { contentHashes, releaseContent } from "./release-content";
import { isStorePaused, recordStoreFailure, recordStoreSuccess } from "./store-health";
import { type StoreConfig, type StoreFormat, storeFormat } from "./stores";
import { type BatchFile, type Transport, transportFor } from "./transports";

export interface DeliveryConfig {
  stores: StoreConfig[];
  sender: { dpid: string; name: string };
  /** Reads the profiles a release credits (the artists module, which holds the key's encryption). */
  artistIdentities?: (releaseId: string) => Promise<ErnArtistIds[]>;
  /** Validate every message against the ERN schema before it leaves (a failing one is not sent). */
  validator?: ErnValidator;
}

/**
 * A DDEX BatchId: the batch's creation time, YYYYMMDDhhmmssnnn in UTC, as the ERN SFTP batch
 * profile names it, with no suffix. Unique per store because creation times are (stampBatch).
 */
export function batchIdFor(at: Date): string {
  return at.toISOString().replace(/[-:TZ.]/g, "");
}

/** The batch-complete file, written last: the batch's ManifestMessage (manifest.ts). */
export function manifestName(batchId: string): string {
  return `BatchComplete_${batchId}.xml`;
}

/**
 * The file whose arrival completes a batch, written last: a DDEX batch's manifest, or an iTunes
 * Package's metadata.xml.
 */
export function completionPath(format: StoreFormat, batchId: string, upc: string): string {
  return format === "itunes-package" ? `${packageFolder(upc)}/metadata.xml` : manifestName(batchId);
}

/**
 * Records one delivery per configured store, in the approval's transaction. They are queued at once
 * when the release is paid for, else they wait for the payment (releaseAwaitingDeliveries).
 */
export async function queueReleaseDeliveries(
  tx: Tx,
  releaseId: string,
  stores: readonly StoreConfig[],
  opts: { awaitingPayment?: boolean } = {},
) {
  for (const store of stores) await queueDelivery(tx, releaseId, store.id, "insert", opts.awaitingPayment);
}

async function queueDelivery(
  tx: Tx,
  releaseId: string,
  store: string,
  kind: DeliveryKind,
  awaitingPayment = false,
  withFiles = false,
) {
  const id = randomUUID();
  await tx.insert(deliveries).values({
    id,
    releaseId,
    store,
    kind,
    withFiles,
    // The BatchId is the batch's creation time: given when the batch is built, not now.
    batchId: null,
    status: awaitingPayment ? "awaiting_payment" : "queued",
  });
  if (!awaitingPayment)
    await enqueueJob(tx, "delivery", id, { maxAttempts: DELIVERY_MAX_ATTEMPTS, ownerOf: releaseId });
}

/**
 * A payment arrived: the deliveries that waited for it are queued, for one release (the Introductory
 * Offer) or every release of the owner (a plan). Inside the payment's transaction; returns how many.
 */
export async function releaseAwaitingDeliveries(tx: Tx, scope: { releaseId: string } | { userId: string }) {
  const waiting = await tx
    .select({ id: deliveries.id, releaseId: deliveries.releaseId })
    .from(deliveries)
    .innerJoin(releases, eq(releases.id, deliveries.releaseId))
    .where(
      and(
        eq(deliveries.status, "awaiting_payment"),
        "releaseId" in scope ? eq(deliveries.releaseId, scope.releaseId) : eq(releases.userId, scope.userId),
      ),
    )
    .for("update", { of: deliveries });
  for (const row of waiting) {
    await tx.update(deliveries).set({ status: "queued" }).where(eq(deliveries.id, row.id));
    await enqueueJob(tx, "delivery", row.id, { maxAttempts: DELIVERY_MAX_ATTEMPTS, ownerOf: row.releaseId });
  }
  return waiting.length;
}

/** The stores that hold the release now: delivered (sent or accepted) and not taken down since. */
async function storesHolding(tx: Tx, releaseId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ store: deliveries.store, kind: deliveries.kind, status: deliveries.status })
    .from(deliveries)
    .where(eq(deliveries.releaseId, releaseId))
    .orderBy(asc(deliveries.createdAt));
  const received = new Set<string>();
  for (const row of rows) {
    if (row.kind === "insert" && isDelivered(row.status)) received.add(row.store);
    if (row.kind === "takedown" && isDelivered(row.status)) received.delete(row.store);
  }
  return received;
}

/**
 * Take Down: every store that received the release gets a takedown; releases still waiting to go
 * to a store are cancelled instead (it never had the release). With `onlyStores`, only those stores
 * (a store's fraud notice, issue 41): every other store keeps the release.
 */
export async function queueTakedowns(tx: Tx, releaseId: string, onlyStores?: readonly string[]) {
  const received = await storesHolding(tx, releaseId);
  await tx
    .update(deliveries)
    .set({ status: "cancelled", lastError: "Cancelled: the release was taken down before it was sent." })
    .where(
      and(
        eq(deliveries.releaseId, releaseId),
        inArray(deliveries.kind, ["insert", "update"]),
        inArray(deliveries.status, ["awaiting_payment", "queued", "failed", "paused"]),
        onlyStores ? inArray(deliveries.store, [...onlyStores]) : undefined,
      ),
    );
  for (const store of received)
    if (!onlyStores || onlyStores.includes(store)) await queueDelivery(tx, releaseId, store, "takedown");
}

/**
 * Something about the release may have changed after delivery (an admin's edit, a file checked
 * again): each store that holds it gets an update when what it shows differs from what the store
 * last received (release-content.ts), with the same UPC, ISRCs and references so the store keeps its
 * streams; the update carries the files again when their contents changed. One pending update per
 * store at most (it is built from the release as it is when it leaves). Returns how many were queued.
 */
export async function queueUpdates(tx: Tx, releaseId: string): Promise<number> {
  const content = await releaseContent(tx, releaseId);
  if (!content) return 0;
  const now = contentHashes(content);
  const holding = await storesHolding(tx, releaseId);
  const rows = await tx
    .select({
      id: deliveries.id,
      store: deliveries.store,
      kind: deliveries.kind,
      status: deliveries.status,
      withFiles: deliveries.withFiles,
      viewHash: deliveries.viewHash,
      filesHash: deliveries.filesHash,
    })
    .from(deliveries)
    .where(and(eq(deliveries.releaseId, releaseId), inArray(deliveries.kind, ["insert", "update"])))
    .orderBy(desc(deliveries.createdAt));
  let queued = 0;
  for (const store of holding) {
    const ofStore = rows.filter((r) => r.store === store);
    const last = ofStore.find((r) => isDelivered(r.status));
    if (last?.viewHash === now.view) continue;
    const filesChanged = last?.filesHash !== now.files;
    const pending = ofStore.find((r) => r.kind === "update" && ["queued", "failed", "paused"].includes(r.status));
    if (pending) {
      // The pending one goes out with the release as it is then; it must carry files that changed.
      if (filesChanged && !pending.withFiles)
        await tx.update(deliveries).set({ withFiles: true }).where(eq(deliveries.id, pending.id));
      continue;
    }
    await queueDelivery(tx, releaseId, store, "update", false, filesChanged);
    queued++;
  }
  return queued;
}

/** The delivery job: builds, validates and sends one message to one store, at most once. */
export function createDeliveryJob(deps: {
  db: Db;
  media: MediaStore;
  config: DeliveryConfig;
  logger: Logger;
  transport?: (store: StoreConfig) => Transport;
}) {
  const { db, media, config } = deps;
  const transportOf = deps.transport ?? transportFor;

  async function snapshot(
    delivery: { id: string; releaseId: string; kind: DeliveryKind; withFiles: boolean },
    store: StoreConfig,
    createdAt: Date,
  ) {
    const deliveryId = delivery.id;
    const takedown = delivery.kind === "takedown";
    // Files go with the release itself, and with an update whose files changed; otherwise metadata only.
    const withFiles = delivery.kind === "insert" || (delivery.kind === "update" && delivery.withFiles);
    const content = await releaseContent(db, delivery.releaseId);
    if (!content) throw new Error("delivery vanished");
    const { release, tracks: trackRows } = content;
    if (!release.upcEan) throw new Error("The release has no UPC/EAN.");
    const upc = release.upcEan;
    // The files this message carries, by the name the message gives them; each format places them.
    const files: { name: string; path: string; md5: string }[] = [];
    const ernTracks: ErnTrack[] = [];
    for (const t of trackRows) {
      if (!t.isrc) throw new Error(`Track ${t.position} has no ISRC.`);
      const facts = t.audioFacts;
      let audio: ErnTrack["audio"] = null;
      if (facts && t.audioSha256 && t.audioMd5) {
        const ext = facts.container === "flac" ? "flac" : "wav";
        const fileName = `${upc}_01_${String(t.position).padStart(3, "0")}.${ext}`;
        audio = {
          fileName,
          md5: t.audioMd5,
          codec: facts.container === "flac" ? "FLAC" : "WAV",
          channels: facts.channels ?? 2,
          sampleRate: facts.sampleRate ?? 44100,
          bitDepth: facts.bitDepth ?? 16,
        };
        if (withFiles) files.push({ name: fileName, path: await mediaFile(t.audioSha256), md5: t.audioMd5 });
      } else if (withFiles) {
        throw new Error(`Track ${t.position}'s audio has not been checked.`);
      }
      ernTracks.push({
        position: t.position,
        isrc: t.isrc,
        title: t.title,
        titleLatin: t.titleLatin,
        version: t.version,
        versionLatin: t.versionLatin,
        language: t.language,
        artistName: t.artistName,
        instantGrat: t.instantGrat,
        ai: t.ai,
        featuredArtists: t.featuredArtists,
        remixers: t.remixers,
        contributors: t.contributors,
        isExplicit: t.isExplicit,
        durationSeconds: t.durationSeconds ?? 0,
        audio,
      });
    }
    let artwork: ErnSnapshot["artwork"] = null;
    if (release.artworkFacts && release.artworkSha256 && release.artworkMd5) {
      const ext = release.artworkFacts.format === "png" ? "png" : "jpg";
      const fileName = `${upc}.${ext}`;
      artwork = {
        fileName,
        md5: release.artworkMd5,
        width: release.artworkFacts.width,
        height: release.artworkFacts.height,
        format: release.artworkFacts.format,
      };
      if (withFiles)
        files.push({ name: fileName, path: await mediaFile(release.artworkSha256), md5: release.artworkMd5 });
    }
    // Our id goes to every store; a store's own artist ids (and Spotify's protection key) to that store only.
    const reads = new Set(store.artistIds ?? []);
    const artists = ((await config.artistIdentities?.(release.id)) ?? []).map((a) => ({
      ...a,
      spotifyArtistUri: reads.has("spotify") ? a.spotifyArtistUri : null,
      appKey: reads.has("spotify") ? a.appKey : null,
      appleMusicArtistId: reads.has("apple") ? a.appleMusicArtistId : null,
    }));
    const snap: ErnSnapshot = {
      messageId: deliveryId,
      createdAt,
      sender: config.sender,
      recipient: { dpid: store.dpid, name: store.name },
      release: {
        id: release.id,
        upc,
        title: release.title,
        titleLatin: release.titleLatin,
        artistName: release.artistName,
        type: release.releaseType as ReleaseType,
        releaseDate: release.releaseDate,
        originalReleaseDate: release.originalReleaseDate,
        releaseTiming: release.releaseTiming as ReleaseTiming,
        preOrderDate: release.preOrderDate,
        instantGratDate: release.instantGratDate,
        artworkAi: release.artworkAi as AiLevel | null,
        genre: release.genre,
        language: release.language,
        isExplicit: release.isExplicit,
        // The label that puts it out holds the (P) and (C) lines; an artist's own release, the artist.
        rightsHolder: release.labelName ?? release.artistName,
        artists,
      },
      tracks: ernTracks,
      artwork,
      takedown,
      filesProvided: withFiles,
      downloads: store.downloads,
      version: storeFormat(store) === "ern-4.3.2" ? "4.3.2" : "4.3",
    };
    return { upc, snap, files, hashes: contentHashes(content) };
  }

  async function mediaFile(sha256: string): Promise<string> {
    if (!(await media.has(sha256)))
      throw new Error("A checked file is missing from the media store; run the quality check again.");
    return media.pathOf(sha256);
  }

  /**
   * The batch's creation time and BatchId, given at each attempt: now, but always after the store's
   * last batch, so BatchIds are unique per store and a store applies a release's messages in order.
   * A retry is a new batch with its own time: one stamped at the first attempt could be older than a
   * message for the same release sent since. A lock per store keeps two workers from taking the same
   * millisecond.
   */
  async function stampBatch(deliveryId: string, store: string): Promise<{ createdAt: Date; batchId: string }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delivery-batch:${store}`}))`);
      const [last] = await tx
        .select({ at: sql<string | null>`max(${deliveries.messageCreatedAt})` })
        .from(deliveries)
        .where(eq(deliveries.store, store));
      const now = new Date();
      const after = last?.at ? new Date(new Date(last.at).getTime() + 1) : now;
      const createdAt = after > now ? after : now;
      const batchId = batchIdFor(createdAt);
      await tx.update(deliveries).set({ messageCreatedAt: createdAt, batchId }).where(eq(deliveries.id, deliveryId));
      return { createdAt, batchId };
    });
  }

  async function releaseUpc(releaseId: string): Promise<string> {
    const [row] = await db.select({ upc: releases.upcEan }).from(releases).where(eq(releases.id, releaseId));
    return row?.upc ?? "";
  }

  type Built = Awaited<ReturnType<typeof snapshot>>;
  /** What goes to the store, the file written last among it; or why nothing may go. */
  type Batch = { files: BatchFile[]; completion: BatchFile } | { problems: string[] };

  /**
   * A DDEX batch: the files under `<UPC>/resources/`, the message at `<UPC>/<UPC>.xml`, and the
   * ECHO manifest last. The message must pass the ERN 4.3 schema before it leaves.
   */
  async function ernBatch(
    store: StoreConfig,
    b: Built & { deliveryId: string; kind: DeliveryKind; createdAt: Date; batchId: string },
  ): Promise<Batch> {
    const purge = b.kind === "takedown" && store.takedown === "purge";
    const xml = purge ? buildPurgeReleaseMessage(b.snap) : buildNewReleaseMessage(b.snap);
    if (config.validator) {
      const result = await config.validator.validate(xml);
      if (!result.valid)
        return {
          problems: [
            `The message did not pass the ERN ${b.snap.version ?? "4.3"} checks: ${result.errors.slice(0, 3).join("; ")}`,
          ],
        };
    }
    const messagePath = `${b.upc}/${b.upc}.xml`;
    const manifest = buildManifestMessage({
      createdAt: b.createdAt,
      sender: config.sender,
      recipient: { dpid: store.dpid, name: store.name },
      messages: [
        {
          messageId: b.deliveryId,
          messageType: purge ? "PurgeReleaseMessage" : "NewReleaseMessage",
          path: messagePath,
          icpn: b.upc,
          text: xml,
        },
      ],
    });
    return {
      files: [
        ...b.files.map((f) => ({ relPath: `${b.upc}/resources/${f.name}`, source: { file: f.path } })),
        { relPath: messagePath, source: { text: xml } },
      ],
      completion: { relPath: completionPath("ern-4.3", b.batchId, b.upc), source: { text: manifest } },
    };
  }

  /**
   * Apple's iTunes Package: `<UPC>.itmsp/` with the files and metadata.xml, written last (the
   * package is complete when its metadata is there), checked against Apple's public rules first.
   */
  async function itunesBatch(store: StoreConfig, b: Built): Promise<Batch> {
    const folder = packageFolder(b.upc);
    const sizes: Record<string, number> = {};
    for (const f of b.files) sizes[f.name] = (await fs.stat(f.path)).size;
    const metadata = buildItunesMetadata(b.snap, {
      provider: store.provider ?? "",
      priceTiers: store.priceTiers,
      sizes,
    });
    const problems = checkItunesPackage({
      folder,
      metadata,
      files: b.files.map((f) => ({ name: f.name, bytes: sizes[f.name] ?? 0, md5: f.md5 })),
      snapshot: b.snap,
    });
    if (problems.length)
      return { problems: problems.map((p) => `The iTunes Package did not pass Apple's rules: ${p}`) };
    return {
      files: b.files.map((f) => ({ relPath: `${folder}/${f.name}`, source: { file: f.path } })),
      completion: { relPath: completionPath("itunes-package", "", b.upc), source: { text: metadata } },
    };
  }

  return async function runDelivery(job: ClaimedJob): Promise<void> {
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, job.ref));
    // Never deliver twice what went out, nor what was cancelled.
    if (!delivery || isDelivered(delivery.status) || delivery.status === "cancelled") return;
    const store = config.stores.find((s) => s.id === delivery.store);
    const fail = (message: string, final: boolean) =>
      db.transaction(async (tx) => {
        const [failed] = await tx
          .update(deliveries)
          .set({ status: final ? "failed" : "queued", lastError: message.slice(0, 2000), attempts: job.attempts })
          // Only while it is ours: a worker that lost its lease must not undo another's success.
          .where(and(eq(deliveries.id, delivery.id), inArray(deliveries.status, ["queued", "sending"])))
          .returning({ id: deliveries.id });
        // A retry to come is no news; a delivery that gave up is.
        if (failed && final) await emitDeliveryStateChanged(tx, delivery.id);
      });
    if (!store) {
      await fail(`Store ${delivery.store} is no longer configured.`, true);
      return;
    }
    const pause = (message: string | null) =>
      db
        .update(deliveries)
        // Paused before trying, it spent no attempt; paused by this attempt's failure, it did.
        .set(
          message
            ? { status: "paused", attempts: job.attempts, lastError: message.slice(0, 2000) }
            : { status: "paused" },
        )
        .where(and(eq(deliveries.id, delivery.id), inArray(deliveries.status, ["queued", "sending"])));
    // A store that keeps failing is paused: its deliveries wait for an admin instead of burning attempts.
    if (await isStorePaused(db, store.id)) {
      await pause(null);
      return;
    }
    await db
      .update(deliveries)
      .set({ status: "sending", attempts: job.attempts })
      .where(eq(deliveries.id, delivery.id));
    // Whether a failure is the store's (it could not be reached or refused the upload), not the release's.
    let storeFault = false;
    const viaStore = async <T>(step: () => Promise<T>): Promise<T> => {
      try {
        return await step();
      } catch (err) {
        storeFault = true;
        throw err;
      }
    };
    // What this message showed the store, recorded with its success (queueUpdates compares with it).
    let hashes: { view: string; files: string } | undefined;
    try {
      const transport = transportOf(store);
      const format = storeFormat(store);
      // A worker that died after the batch's last file landed but before recording it: the batch is
      // there; record it, send nothing.
      let resumed = false;
      if (delivery.batchId) {
        const batchId = delivery.batchId;
        // An iTunes Package completes in a folder named by the UPC; a DDEX batch by its BatchId.
        const upc = format === "itunes-package" ? await releaseUpc(delivery.releaseId) : "";
        resumed = await viaStore(() => transport.isComplete(batchId, completionPath(format, batchId, upc)));
      }
      if (!resumed) {
        const { createdAt, batchId } = await stampBatch(delivery.id, store.id);
        const built = await snapshot(
          {
            id: delivery.id,
            releaseId: delivery.releaseId,
            kind: delivery.kind as DeliveryKind,
            withFiles: delivery.withFiles,
          },
          store,
          createdAt,
        );
        hashes = built.hashes;
        const batch =
          format === "itunes-package"
            ? await itunesBatch(store, built)
            : await ernBatch(store, {
                ...built,
                deliveryId: delivery.id,
                kind: delivery.kind as DeliveryKind,
                createdAt,
                batchId,
              });
        if ("problems" in batch) {
          await fail(batch.problems.slice(0, 3).join("; "), true);
          return;
        }
        // Only the worker whose batch is the delivery's current one completes it: a worker that lost
        // its lease and woke up after another restamped the delivery leaves its batch incomplete.
        const beforeManifest = async () => {
          const [current] = await db
            .select({ batchId: deliveries.batchId })
            .from(deliveries)
            .where(eq(deliveries.id, delivery.id));
          if (current?.batchId !== batchId) throw new SupersededBatch();
        };
        await viaStore(() => transport.upload(batchId, batch.files, batch.completion, { beforeManifest }));
      }
      await db.transaction(async (tx) => {
        const [sent] = await tx
          .update(deliveries)
          .set({
            status: "sent",
            sentAt: new Date(),
            lastError: null,
            ...(hashes ? { viewHash: hashes.view, filesHash: hashes.files } : {}),
          })
          .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, "sending")))
          .returning({ id: deliveries.id });
        if (sent) await emitDeliveryStateChanged(tx, delivery.id);
      });
      await recordStoreSuccess(db, store.id);
    } catch (err) {
      // Another worker owns the delivery now: its outcome is theirs to record.
      if (err instanceof SupersededBatch) return;
      const message = err instanceof Error ? err.message : String(err);
      if (storeFault) {
        const health = await recordStoreFailure(db, store.id, message);
        if (health.pausedNow) {
          // The alert: in the log at error level, and on the admin's dashboard and Deliveries page.
          deps.logger.error({ store: store.id }, DELIVERY_MESSAGES.paused(store.name, health.failures, message));
          await pause(message);
          return;
        }
      }
      await fail(message, job.attempts >= job.maxAttempts);
      throw err;
    }
  };
}

/** Thrown before a batch's manifest when the delivery has moved on to a newer batch. */
class SupersededBatch extends Error {
  constructor() {
    super("The delivery was restarted in a newer batch; this one is left incomplete.");
  }
}

/** How many outstanding deliveries one poll reads per listing; every one is read, page by page. */
const ACK_PAGE = 500;

/**
 * Reads stores' acknowledgements back, in any current form (acknowledgements.ts): per store, every
 * delivery still waiting on it, page by page, one listing per page. An acceptance makes a delivery
 * acknowledged; a refusal rejects it, with the store's words kept for the admin and the artist; a
 * "received" status leaves it waiting. A file that is not an acknowledgement, or one about another
 * release, is logged and left for a person.
 */
export async function checkAcknowledgements(
  db: Db,
  stores: readonly StoreConfig[],
  transport: (store: StoreConfig) => Transport = transportFor,
  logger?: Pick<Logger, "warn">,
  /** Told of each rejection once, with the store's words (the owner hears of it: issue 33). */
  onRejected?: (rejection: StoreRejection) => Promise<void>,
): Promise<{ accepted: number; rejected: number }> {
  const counts = { accepted: 0, rejected: 0 };
  for (const store of stores) {
    let after: string | null = null;
    for (;;) {
      const page = await db
        .select({
          id: deliveries.id,
          batchId: deliveries.batchId,
          releaseId: deliveries.releaseId,
          upc: releases.upcEan,
        })
        .from(deliveries)
        .innerJoin(releases, eq(releases.id, deliveries.releaseId))
        .where(
          and(
            eq(deliveries.store, store.id),
            eq(deliveries.status, "sent"),
            isNotNull(deliveries.batchId),
            after ? gt(deliveries.id, after) : undefined,
          ),
        )
        .orderBy(asc(deliveries.id))
        .limit(ACK_PAGE);
      if (!page.length) break;
      after = page.at(-1)?.id ?? null;
      await readAcknowledgementsFor(store, page);
      if (page.length < ACK_PAGE) break;
    }
  }
  return counts;

  async function readAcknowledgementsFor(
    store: StoreConfig,
    waiting: { id: string; batchId: string | null; releaseId: string; upc: string | null }[],
  ) {
    const files = await transport(store)
      .readAcknowledgements(waiting.map((row) => ackPrefix(row.batchId as string)))
      .catch((err) => {
        logger?.warn({ err, store: store.id }, "could not read acknowledgements");
        return [];
      });
    for (const row of waiting) {
      const batchId = row.batchId as string;
      const prefix = ackPrefix(batchId);
      // The batch's latest acknowledgement wins (a store may write a later status update).
      const file = files.filter((f) => f.name === `${prefix}.xml` || f.name.startsWith(`${prefix}_`)).at(-1);
      if (!file) continue;
      let ack: Acknowledgement;
      try {
        ack = parseAcknowledgement(file.text);
      } catch (err) {
        logger?.warn({ err, store: store.id, file: file.name }, "unreadable acknowledgement");
        continue;
      }
      const match = acknowledgementMatches(ack, { id: row.id, batchId, upc: row.upc ?? "" });
      if (!match.ok) {
        logger?.warn(
          { store: store.id, file: file.name, delivery: row.id },
          `acknowledgement refused: ${match.reason}`,
        );
        continue;
      }
      if (ack.outcome === "pending") continue;
      const accepted = ack.outcome === "accepted";
      const storeWords = ack.message ?? `The store answered ${ack.status}.`;
      const updated = await db.transaction(async (tx) => {
        const [acknowledged] = await tx
          .update(deliveries)
          .set({
            status: accepted ? "acknowledged" : "rejected",
            acknowledgedAt: new Date(),
            storeMessage: accepted ? ack.message : storeWords,
          })
          .where(and(eq(deliveries.id, row.id), eq(deliveries.status, "sent")))
          .returning({ id: deliveries.id });
        if (acknowledged) await emitDeliveryStateChanged(tx, row.id);
        return acknowledged;
      });
      if (updated) counts[accepted ? "accepted" : "rejected"]++;
      if (updated && !accepted && onRejected) {
        await onRejected({ releaseId: row.releaseId, storeName: store.name, message: storeWords }).catch((err) =>
          logger?.warn({ err, store: store.id }, "could not tell the owner of a rejection"),
        );
      }
    }
  }
}

export interface StoreRejection {
  releaseId: string;
  storeName: string;
  /** The store's own words. */
  message: string;
}

/**
 * An admin's retry of a failed delivery, or of one a store rejected: queued again with fresh
 * attempts. A failed one resumes its own batch; a rejected one goes out in a new batch.
 */
export async function retryDelivery(db: Db, deliveryId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deliveries)
      .set({
        status: "queued",
        lastError: null,
        batchId: sql`case when ${deliveries.status} = 'rejected' then null else ${deliveries.batchId} end`,
        messageCreatedAt: sql`case when ${deliveries.status} = 'rejected' then null else ${deliveries.messageCreatedAt} end`,
      })
      .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ["failed", "rejected"])))
      .returning({ id: deliveries.id, releaseId: deliveries.releaseId });
    if (!row) return false;
    await enqueueJob(tx, "delivery", row.id, { maxAttempts: DELIVERY_MAX_ATTEMPTS, ownerOf: row.releaseId });
    return true;
  });
}
