import { z } from "@hono/zod-openapi";
import { asc, eq, sql } from "drizzle-orm";
import { DELIVERY_KINDS, DELIVERY_STATUSES, deliverySummary, isDelivered } from "#domain/deliveries";
import { QC_STATUSES } from "#domain/quality";
import { planTracks, type TrackData } from "#domain/tracks";
import type { Db, Tx } from "#server/db/client";
import { dailyStreamFacts, deliveries, releases, tracks } from "#server/db/schema";
import { findingSchema } from "#server/lib/finding-schema";
import type { StoreConfig } from "#server/modules/delivery";
import { claimReleaseCodes } from "#server/modules/delivery";
import { queueQualityCheck } from "#server/modules/quality";
import { releaseHistory } from "./release-events";
import { releaseFiles } from "./release-files";

export const trackSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    title: z.string(),
    audioFileUrl: z.string().nullable(),
    audioUploadId: z.string().nullable(),
    isrc: z.string().nullable(),
    isExplicit: z.boolean(),
    featuredArtists: z.array(z.string()),
    durationSeconds: z.number().int().nullable(),
  })
  .openapi("Track");

export const qualitySchema = z
  .object({
    status: z.string().openapi({ enum: [...QC_STATUSES] }),
    checkedAt: z.string().nullable(),
    findings: z.array(findingSchema),
  })
  .openapi("QualityReport");

export const deliverySchema = z
  .object({
    id: z.string(),
    store: z.string(),
    storeName: z.string(),
    kind: z.string().openapi({ enum: [...DELIVERY_KINDS] }),
    status: z.string().openapi({ enum: [...DELIVERY_STATUSES] }),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    /** The DDEX BatchId, once the batch is built. */
    batchId: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
    /** What the store said in its acknowledgement (why it rejected the release), if anything. */
    storeMessage: z.string().nullable(),
  })
  .openapi("Delivery");

export const deliveryStateSchema = z
  .object({
    delivered: z.number().int(),
    stores: z.number().int(),
    summary: z.string(),
    /** Stores whose delivery waits for the plan (or this release's Introductory Offer) to be paid. */
    awaitingPayment: z.number().int(),
  })
  .openapi("DeliveryState");

/** Replaces a release's tracks, claims its codes and queues its quality check, in the caller's transaction. */
export async function writeTracks(
  tx: Tx,
  release: {
    id: string;
    title: string;
    isExplicit: boolean;
    audioFileUrl: string | null;
    audioUploadId: string | null;
  },
  listed: readonly TrackData[],
) {
  await tx.delete(tracks).where(eq(tracks.releaseId, release.id));
  const plan = planTracks(release, listed);
  await tx.insert(tracks).values(plan.map((t) => ({ ...t, releaseId: release.id })));
  await claimReleaseCodes(tx, release.id);
  await queueQualityCheck(tx, release.id);
}

export async function releaseTracks(db: Db, releaseId: string) {
  const rows = await db.select().from(tracks).where(eq(tracks.releaseId, releaseId)).orderBy(asc(tracks.position));
  return rows.map((t) => ({
    id: t.id,
    position: t.position,
    title: t.title,
    audioFileUrl: t.audioFileUrl,
    audioUploadId: t.audioUploadId,
    isrc: t.isrc,
    isExplicit: t.isExplicit,
    featuredArtists: t.featuredArtists,
    durationSeconds: t.durationSeconds,
  }));
}

export async function releaseQuality(db: Db, releaseId: string) {
  const [row] = await db
    .select({ status: releases.qcStatus, findings: releases.qcFindings, checkedAt: releases.qcCheckedAt })
    .from(releases)
    .where(eq(releases.id, releaseId));
  return {
    status: row?.status ?? "pending",
    checkedAt: row?.checkedAt?.toISOString() ?? null,
    findings: row?.findings ?? [],
  };
}

export async function releaseDeliveries(db: Db, releaseId: string, stores: readonly StoreConfig[]) {
  const rows = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.releaseId, releaseId))
    .orderBy(asc(deliveries.createdAt));
  // One approval queues every store in one transaction (one timestamp): list them in configured order.
  const rank = (store: string) => stores.findIndex((s) => s.id === store);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || rank(a.store) - rank(b.store));
  return rows.map((d) => ({
    id: d.id,
    store: d.store,
    storeName: stores.find((s) => s.id === d.store)?.name ?? d.store,
    kind: d.kind,
    status: d.status,
    attempts: d.attempts,
    lastError: d.lastError,
    batchId: d.batchId,
    createdAt: d.createdAt.toISOString(),
    sentAt: d.sentAt?.toISOString() ?? null,
    acknowledgedAt: d.acknowledgedAt?.toISOString() ?? null,
    storeMessage: d.storeMessage,
  }));
}

/** "Delivered to 6 of 6 stores": stores whose latest release delivery went out (and was not taken down since). */
export function deliveryState(list: Awaited<ReturnType<typeof releaseDeliveries>>, stores: readonly StoreConfig[]) {
  const latest = new Map<string, (typeof list)[number]>();
  // An update changes what a store shows, not whether it has the release.
  for (const d of list) if (d.status !== "cancelled" && d.kind !== "update") latest.set(d.store, d);
  const delivered = [...latest.values()].filter((d) => d.kind === "insert" && isDelivered(d.status)).length;
  const awaitingPayment = [...latest.values()].filter((d) => d.status === "awaiting_payment").length;
  return { delivered, stores: stores.length, summary: deliverySummary(delivered, stores.length), awaitingPayment };
}

/** Everything a release page shows beside the release itself: tracks, files, quality report and deliveries. */
export async function releaseExtras(db: Db, releaseId: string, stores: readonly StoreConfig[]) {
  const [trackList, quality, deliveryList, files, history] = await Promise.all([
    releaseTracks(db, releaseId),
    releaseQuality(db, releaseId),
    releaseDeliveries(db, releaseId, stores),
    releaseFiles(db, releaseId),
    releaseHistory(db, releaseId),
  ]);
  return {
    history,
    tracks: trackList,
    files,
    quality,
    deliveries: deliveryList,
    delivery: deliveryState(deliveryList, stores),
  };
}

/** True when store earnings were posted to the release: it may be taken down, never deleted. */
export async function hasEarnings(db: Db, releaseId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(dailyStreamFacts)
    .where(eq(dailyStreamFacts.releaseId, releaseId))
    .limit(1);
  return Boolean(row);
}
