import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { create } from "xmlbuilder2";
import { DELIVERY_MAX_ATTEMPTS, isDelivered } from "#domain/deliveries";
import type { ReleaseType } from "#domain/releases";
import type { Db, Tx } from "#server/db/client";
import { deliveries, releases, tracks } from "#server/db/schema";
import { type ClaimedJob, enqueueJob } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { MediaStore } from "#server/media/media-store";
import { buildNewReleaseMessage, type ErnSnapshot, type ErnTrack } from "./ern";
import type { ErnValidator } from "./ern-schema";
import type { StoreConfig } from "./stores";
import { type BatchFile, type Transport, transportFor } from "./transports";

export interface DeliveryConfig {
  stores: StoreConfig[];
  sender: { dpid: string; name: string };
  /** Validate every message against the ERN schema before it leaves (a failing one is not sent). */
  validator?: ErnValidator;
}

/** A DDEX batch id: the creation time to the millisecond, plus a short suffix so two batches never collide. */
export function batchIdFor(at: Date, deliveryId: string): string {
  const stamp = at.toISOString().replace(/[-:TZ.]/g, "");
  return `${stamp}_${deliveryId.slice(0, 8)}`;
}

export function manifestName(batchId: string): string {
  return `BatchComplete_${batchId}.xml`;
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
  kind: "insert" | "takedown",
  awaitingPayment = false,
) {
  const id = randomUUID();
  await tx.insert(deliveries).values({
    id,
    releaseId,
    store,
    kind,
    batchId: batchIdFor(new Date(), id),
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

/**
 * Take Down: every store that received the release gets a takedown; releases still waiting to go
 * to a store are cancelled instead (it never had the release).
 */
export async function queueTakedowns(tx: Tx, releaseId: string) {
  const rows = await tx
    .select({ id: deliveries.id, store: deliveries.store, kind: deliveries.kind, status: deliveries.status })
    .from(deliveries)
    .where(eq(deliveries.releaseId, releaseId))
    .orderBy(asc(deliveries.createdAt));
  const received = new Set<string>();
  for (const row of rows) {
    if (row.kind === "insert" && isDelivered(row.status)) received.add(row.store);
    if (row.kind === "takedown" && isDelivered(row.status)) received.delete(row.store);
  }
  await tx
    .update(deliveries)
    .set({ status: "cancelled", lastError: "Cancelled: the release was taken down before it was sent." })
    .where(
      and(
        eq(deliveries.releaseId, releaseId),
        eq(deliveries.kind, "insert"),
        inArray(deliveries.status, ["awaiting_payment", "queued", "failed"]),
      ),
    );
  for (const store of received) await queueDelivery(tx, releaseId, store, "takedown");
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

  async function snapshot(deliveryId: string, store: StoreConfig, createdAt: Date, takedown: boolean) {
    const [row] = await db
      .select({ release: releases })
      .from(deliveries)
      .innerJoin(releases, eq(releases.id, deliveries.releaseId))
      .where(eq(deliveries.id, deliveryId));
    if (!row) throw new Error("delivery vanished");
    const release = row.release;
    if (!release.upcEan) throw new Error("The release has no UPC/EAN.");
    const upc = release.upcEan;
    const trackRows = await db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, release.id))
      .orderBy(asc(tracks.position));
    const files: BatchFile[] = [];
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
        if (!takedown)
          files.push({ relPath: `${upc}/resources/${fileName}`, source: { file: await mediaFile(t.audioSha256) } });
      } else if (!takedown) {
        throw new Error(`Track ${t.position}'s audio has not been checked.`);
      }
      ernTracks.push({
        position: t.position,
        isrc: t.isrc,
        title: t.title,
        featuredArtists: t.featuredArtists,
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
      if (!takedown)
        files.push({
          relPath: `${upc}/resources/${fileName}`,
          source: { file: await mediaFile(release.artworkSha256) },
        });
    }
    const snap: ErnSnapshot = {
      messageId: deliveryId,
      createdAt,
      sender: config.sender,
      recipient: { dpid: store.dpid, name: store.name },
      release: {
        id: release.id,
        upc,
        title: release.title,
        artistName: release.artistName,
        type: release.releaseType as ReleaseType,
        releaseDate: release.releaseDate,
        genre: release.genre,
        isExplicit: release.isExplicit,
        rightsHolder: release.artistName,
      },
      tracks: ernTracks,
      artwork,
      takedown,
      downloads: store.downloads,
    };
    return { upc, snap, files };
  }

  async function mediaFile(sha256: string): Promise<string> {
    if (!(await media.has(sha256)))
      throw new Error("A checked file is missing from the media store; run the quality check again.");
    return media.pathOf(sha256);
  }

  /** The message's creation time: now, but always after the last message to this store about this release. */
  async function stampMessage(deliveryId: string): Promise<Date> {
    const result = await db.execute(sql`
      update deliveries d set message_created_at = greatest(
        now(),
        coalesce((select max(o.message_created_at) + interval '1 millisecond' from deliveries o
                  where o.release_id = d.release_id and o.store = d.store and o.id <> d.id), now()))
      where d.id = ${deliveryId} and d.message_created_at is null
      returning message_created_at`);
    const stamped = (result as unknown as { rows: { message_created_at: string | Date }[] }).rows[0];
    if (stamped) return new Date(stamped.message_created_at);
    const [row] = await db
      .select({ at: deliveries.messageCreatedAt })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId));
    return row?.at ?? new Date();
  }

  return async function runDelivery(job: ClaimedJob): Promise<void> {
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, job.ref));
    // Never deliver twice what went out, nor what was cancelled.
    if (!delivery || isDelivered(delivery.status) || delivery.status === "cancelled") return;
    const store = config.stores.find((s) => s.id === delivery.store);
    const fail = async (message: string, final: boolean) => {
      await db
        .update(deliveries)
        .set({ status: final ? "failed" : "queued", lastError: message.slice(0, 2000), attempts: job.attempts })
        // Only while it is ours: a worker that lost its lease must not undo another's success.
        .where(and(eq(deliveries.id, delivery.id), inArray(deliveries.status, ["queued", "sending"])));
    };
    if (!store) {
      await fail(`Store ${delivery.store} is no longer configured.`, true);
      return;
    }
    await db
      .update(deliveries)
      .set({ status: "sending", attempts: job.attempts })
      .where(eq(deliveries.id, delivery.id));
    try {
      const transport = transportOf(store);
      const manifest = manifestName(delivery.batchId);
      // A worker that died after the manifest landed but before recording it: the batch is there; record it, send nothing.
      if (!(await transport.isComplete(delivery.batchId, manifest))) {
        const createdAt = await stampMessage(delivery.id);
        const { upc, snap, files } = await snapshot(delivery.id, store, createdAt, delivery.kind === "takedown");
        const xml = buildNewReleaseMessage(snap);
        if (config.validator) {
          const result = await config.validator.validate(xml);
          if (!result.valid) {
            await fail(`The message did not pass the ERN 4.3 schema: ${result.errors.slice(0, 3).join("; ")}`, true);
            return;
          }
        }
        const messagePath = `${upc}/${upc}.xml`;
        await transport.upload(delivery.batchId, [...files, { relPath: messagePath, source: { text: xml } }], {
          relPath: manifest,
          source: { text: batchManifest(delivery.batchId, config.sender.dpid, store.dpid, [messagePath]) },
        });
      }
      await db
        .update(deliveries)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, "sending")));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await fail(message, job.attempts >= job.maxAttempts);
      throw err;
    }
  };
}

/** The batch-complete file, written last: which messages the batch holds. */
function batchManifest(batchId: string, sender: string, recipient: string, messages: string[]): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ele("BatchComplete");
  doc.ele("BatchId").txt(batchId);
  doc.ele("MessageSender").txt(sender);
  doc.ele("MessageRecipient").txt(recipient);
  const list = doc.ele("Messages");
  for (const m of messages) list.ele("Message").txt(m);
  return doc.end({ prettyPrint: true });
}

/** Marks sent deliveries whose store has written an acknowledgement. */
export async function checkAcknowledgements(
  db: Db,
  stores: readonly StoreConfig[],
  transport: (store: StoreConfig) => Transport = transportFor,
) {
  const sent = await db
    .select({ id: deliveries.id, store: deliveries.store, batchId: deliveries.batchId })
    .from(deliveries)
    .where(eq(deliveries.status, "sent"))
    .orderBy(desc(deliveries.sentAt))
    .limit(200);
  for (const row of sent) {
    const store = stores.find((s) => s.id === row.store);
    if (!store) continue;
    if (
      await transport(store)
        .isAcknowledged(row.batchId)
        .catch(() => false)
    ) {
      await db
        .update(deliveries)
        .set({ status: "acknowledged", acknowledgedAt: new Date() })
        .where(and(eq(deliveries.id, row.id), eq(deliveries.status, "sent")));
    }
  }
}

/** An admin's retry of a failed delivery: queued again with fresh attempts. */
export async function retryDelivery(db: Db, deliveryId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deliveries)
      .set({ status: "queued", lastError: null })
      .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, "failed")))
      .returning({ id: deliveries.id, releaseId: deliveries.releaseId });
    if (!row) return false;
    await enqueueJob(tx, "delivery", row.id, { maxAttempts: DELIVERY_MAX_ATTEMPTS, ownerOf: row.releaseId });
    return true;
  });
}
