import { z } from "@hono/zod-openapi";
import { asc, eq, sql } from "drizzle-orm";
import { AI_LEVELS, type AiArea, type AiLevel, releaseAiLevel, type TrackAi } from "#domain/ai-disclosure";
import { todayIst } from "#domain/clock";
import { CONTRIBUTOR_ROLES } from "#domain/credits";
import {
  type DeliveryKind,
  type DeliveryStatus,
  deliverySummary,
  isDelivered,
  latestPerStore,
  STORE_STATES,
  storeStateOf,
} from "#domain/deliveries";
import type { AudioLevels } from "#domain/levels";
import { QC_STATUSES, type QcStatus } from "#domain/quality";
import { STORE_VERDICTS, storeVerdicts, verdictSummary } from "#domain/store-verdict";
import { planTracks, type TrackData } from "#domain/tracks";
import type { Db, Tx } from "#server/db/client";
import { audioAnalyses, dailyStreamFacts, deliveries, releases, tracks } from "#server/db/schema";
import { findingSchema, saidTextsSchema } from "#server/lib/finding-schema";
import type { StoreConfig } from "#server/modules/delivery";
import { claimReleaseCodes, deliveryFields, type IdentifierConfig, verdictStores } from "#server/modules/delivery";
import { queueQualityCheck } from "#server/modules/quality";
import { linkStats, releaseStoreLinks } from "#server/modules/store-links";
import { releaseHistory } from "./release-events";
import { releaseFiles } from "./release-files";

export const trackSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    title: z.string(),
    /** The title in Latin letters, for a title in an Indian script (issue 39). */
    titleLatin: z.string().nullable(),
    /** "Remix", "Live", "Acoustic": what makes the recording a version; null: the original. */
    version: z.string().nullable(),
    /** The version in Latin letters, for a version in an Indian script (issue 39). */
    versionLatin: z.string().nullable(),
    audioFileUrl: z.string().nullable(),
    audioUploadId: z.string().nullable(),
    isrc: z.string().nullable(),
    isExplicit: z.boolean(),
    /** The track's own main artist (a compilation's); null: the release's. */
    artistName: z.string().nullable(),
    /** Heard during the pre-order, from the release's instant-grat date. */
    instantGrat: z.boolean(),
    /** The artist's AI declaration by area; null: not declared yet. */
    ai: z
      .object({
        vocals: z.enum(AI_LEVELS),
        instrumentation: z.enum(AI_LEVELS),
        composition: z.enum(AI_LEVELS),
        lyrics: z.enum(AI_LEVELS),
        postProduction: z.enum(AI_LEVELS),
      } satisfies Record<AiArea, unknown>)
      .nullable(),
    featuredArtists: z.array(z.string()),
    remixers: z.array(z.string()),
    contributors: z.array(z.object({ name: z.string(), role: z.enum(CONTRIBUTOR_ROLES) })),
    /** The words as sung, in their own script; their Latin transliteration; LRC (issue 39). Null: none. */
    lyrics: z.string().nullable(),
    lyricsLatin: z.string().nullable(),
    lyricsSynced: z.string().nullable(),
    /** The language sung on this track when not the release's; "zxx": instrumental; null: the release's. */
    language: z.string().nullable(),
    durationSeconds: z.number().int().nullable(),
    /** The master's measured levels (issue 40); null until measured, or for a file that is not WAV or FLAC. */
    levels: z
      .object({
        integratedLufs: z.number().nullable(),
        truePeakDbtp: z.number().nullable(),
        samplePeakDbfs: z.number().nullable(),
        clippedSamples: z.number().int(),
        leadingSilenceSeconds: z.number(),
        trailingSilenceSeconds: z.number(),
        monoInStereo: z.boolean().nullable(),
        durationSeconds: z.number(),
      } satisfies Record<keyof AudioLevels, unknown>)
      .nullable(),
  })
  .openapi("Track");

export const qualitySchema = z
  .object({
    status: z.enum(QC_STATUSES),
    checkedAt: z.string().nullable(),
    findings: z.array(findingSchema),
  })
  .openapi("QualityReport");

export const storeVerdictSchema = z
  .object({
    /** "Ready for 5 of 6 stores…", the headline over the list. */
    summary: z.string(),
    stores: z.array(
      z.object({
        store: z.string(),
        storeName: z.string(),
        verdict: z.enum(STORE_VERDICTS),
        reasons: z.array(
          z.object({
            kind: z.enum(["refused", "warning", "note"]),
            subject: z.string(),
            message: z.string(),
            fix: z.string(),
            said: saidTextsSchema,
          }),
        ),
      }),
    ),
  })
  .openapi("StoreVerdicts");

export const deliverySchema = z
  .object({
    ...deliveryFields,
    /** The DDEX BatchId, once the batch is built. */
    batchId: z.string().nullable(),
    sentAt: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
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

export const storeStateSchema = z
  .object({
    store: z.string(),
    storeName: z.string(),
    state: z.enum(STORE_STATES),
    /** When the state last changed (the store's answer, the sending, or the queueing). */
    at: z.string().nullable(),
    /** The store's own words when it rejected the release. */
    storeMessage: z.string().nullable(),
    /** The release on the store, once known. */
    url: z.string().nullable(),
  })
  .openapi("StoreState");

export const publicPageSchema = z
  .object({
    /** The page's path, /r/<slug>: what "Share" copies (with the site's address). */
    path: z.string(),
    visits: z.number().int(),
    clicks: z.array(z.object({ store: z.string(), storeName: z.string(), count: z.number().int() })),
  })
  .openapi("PublicPage");

/** Replaces a release's tracks, claims its codes and queues its quality check, in the caller's transaction. */
export async function writeTracks(
  tx: Tx,
  release: {
    id: string;
    title: string;
    isExplicit: boolean;
    audioFileUrl: string | null;
    audioUploadId: string | null;
    /** The AI declaration of the one track made when none is listed. */
    ai?: TrackAi | null;
  },
  listed: readonly TrackData[],
  /** Codes typed by an artist (not an admin): none may come from our own ranges. */
  typedBy?: { ours: IdentifierConfig },
) {
  await tx.delete(tracks).where(eq(tracks.releaseId, release.id));
  const plan = planTracks(release, listed);
  await tx.insert(tracks).values(plan.map((t) => ({ ...t, releaseId: release.id })));
  await claimReleaseCodes(tx, release.id, typedBy);
  await queueQualityCheck(tx, release.id);
}

export async function releaseTracks(db: Db, releaseId: string) {
  const rows = await db
    .select({ t: tracks, levels: audioAnalyses.levels })
    .from(tracks)
    .leftJoin(audioAnalyses, eq(audioAnalyses.sha256, tracks.audioSha256))
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  return rows.map(({ t, levels }) => ({
    id: t.id,
    position: t.position,
    title: t.title,
    titleLatin: t.titleLatin,
    version: t.version,
    versionLatin: t.versionLatin,
    audioFileUrl: t.audioFileUrl,
    audioUploadId: t.audioUploadId,
    isrc: t.isrc,
    isExplicit: t.isExplicit,
    artistName: t.artistName,
    instantGrat: t.instantGrat,
    ai: t.ai,
    featuredArtists: t.featuredArtists,
    remixers: t.remixers,
    contributors: t.contributors,
    lyrics: t.lyrics,
    lyricsLatin: t.lyricsLatin,
    lyricsSynced: t.lyricsSynced,
    language: t.language,
    durationSeconds: t.durationSeconds,
    levels: levels ?? null,
  }));
}

export async function releaseQuality(db: Db, releaseId: string) {
  const [row] = await db
    .select({ status: releases.qcStatus, findings: releases.qcFindings, checkedAt: releases.qcCheckedAt })
    .from(releases)
    .where(eq(releases.id, releaseId));
  return {
    status: (row?.status ?? "pending") as QcStatus,
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
    kind: d.kind as DeliveryKind,
    status: d.status as DeliveryStatus,
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
  for (const [store, d] of latestPerStore(list)) latest.set(store, d);
  const delivered = [...latest.values()].filter((d) => d.kind === "insert" && isDelivered(d.status)).length;
  const awaitingPayment = [...latest.values()].filter((d) => d.status === "awaiting_payment").length;
  return { delivered, stores: stores.length, summary: deliverySummary(delivered, stores.length), awaitingPayment };
}

/** Every configured store with where the release is there, in configured order. */
export function storeStates(
  list: Awaited<ReturnType<typeof releaseDeliveries>>,
  stores: readonly StoreConfig[],
  releaseDate: string,
  links: ReadonlyMap<string, string>,
  today = todayIst(),
) {
  const latest = latestPerStore(list);
  return stores.map((store) => {
    const d = latest.get(store.id);
    const state = storeStateOf(d, releaseDate, today);
    return {
      store: store.id,
      storeName: store.name,
      state,
      at: d ? (d.acknowledgedAt ?? d.sentAt ?? d.createdAt) : null,
      storeMessage: state === "rejected" ? (d?.storeMessage ?? null) : null,
      url: state === "live" ? (links.get(store.id) ?? null) : null,
    };
  });
}

/** Everything a release page shows beside the release itself: tracks, files, quality report and deliveries. */
export async function releaseExtras(db: Db, releaseId: string, stores: readonly StoreConfig[]) {
  const [trackList, quality, deliveryList, files, history, links, stats, facts] = await Promise.all([
    releaseTracks(db, releaseId),
    releaseQuality(db, releaseId),
    releaseDeliveries(db, releaseId, stores),
    releaseFiles(db, releaseId),
    releaseHistory(db, releaseId),
    releaseStoreLinks(db, releaseId),
    linkStats(db, releaseId),
    db
      .select({ releaseDate: releases.releaseDate, slug: releases.publicSlug, artworkAi: releases.artworkAi })
      .from(releases)
      .where(eq(releases.id, releaseId)),
  ]);
  const storeName = (id: string) => stores.find((s) => s.id === id)?.name ?? id;
  const verdicts = storeVerdicts(verdictStores(stores), {
    checked: quality.status === "done",
    findings: quality.findings,
    levels: trackList.flatMap((t) => (t.levels ? [{ subject: `Track ${t.position} audio`, levels: t.levels }] : [])),
    aiDeclared: releaseAiLevel(trackList, (facts[0]?.artworkAi ?? null) as AiLevel | null) !== null,
  });
  return {
    history,
    verdict: { summary: verdictSummary(verdicts), stores: verdicts },
    tracks: trackList,
    files,
    quality,
    deliveries: deliveryList,
    delivery: deliveryState(deliveryList, stores),
    stores: storeStates(deliveryList, stores, facts[0]?.releaseDate ?? "", links),
    publicPage: {
      path: `/r/${facts[0]?.slug ?? ""}`,
      visits: stats.visits,
      clicks: Object.entries(stats.clicks).map(([store, count]) => ({ store, storeName: storeName(store), count })),
    },
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
