import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { AI_LEVELS, type AiLevel } from "#domain/ai-disclosure";
import { todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { QC_STATUSES } from "#domain/quality";
import {
  ARTIST_RELEASE_STATES,
  artistReleaseState,
  RELEASE_STATUSES,
  RELEASE_TIMINGS,
  RELEASE_TYPES,
  type ReleaseStatus,
  type ReleaseTiming,
} from "#domain/releases";
import { releases } from "#server/db/schema";

export const releaseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    titleLatin: z
      .string()
      .nullable()
      .openapi({ description: "The title in Latin letters, for a title in an Indian script" }),
    artistName: z.string(),
    releaseType: z.string().openapi({ enum: [...RELEASE_TYPES] }),
    releaseDate: z.string(),
    /** When the music first came out, for a release of music released before (null: new music). */
    originalReleaseDate: z.string().nullable(),
    /** The label named in the (P) and (C) lines; null: the artist's own release. */
    labelName: z.string().nullable(),
    releaseTiming: z.enum(RELEASE_TIMINGS),
    /** Pre-orders open on this date; null: no pre-order. */
    preOrderDate: z.string().nullable(),
    /** Instant-grat tracks play from this date; null: none. */
    instantGratDate: z.string().nullable(),
    /** How much of the artwork AI made; null: not declared yet. */
    artworkAi: z.enum(AI_LEVELS).nullable(),
    status: z.enum(RELEASE_STATUSES),
    streams: z.number().int(),
    isExplicit: z.boolean(),
    genre: z.string().nullable(),
    /** The language sung on it (IETF code; "zxx": instrumental), or null when not said. */
    language: z.string().nullable(),
    upcEan: z.string().nullable(),
    audioFileUrl: z.string().nullable(),
    coverArtUrl: z.string().nullable(),
    /** Uploaded files, used instead of the links when set. */
    audioUploadId: z.string().nullable(),
    coverArtUploadId: z.string().nullable(),
    submittedAt: z.string(),
    approvedAt: z.string().nullable(),
    liveAt: z.string().nullable(),
    adminNotes: z.string().nullable(),
    qcStatus: z.string().openapi({ enum: [...QC_STATUSES] }),
    /** Blocking findings of the last quality check. */
    qcBlocking: z.number().int(),
    /** The release's public page (/r/<slug>), shown once it is approved: what "Share" copies. */
    publicPath: z.string(),
    /** What the artist reads: follows the stores once approved (approved, scheduled, live, waiting for payment). */
    artistState: z.enum(ARTIST_RELEASE_STATES),
  })
  .openapi("Release");
export type ReleaseDto = z.infer<typeof releaseSchema>;

/** The columns a release DTO needs; queries select only these. */
export const releaseColumns = {
  id: releases.id,
  title: releases.title,
  titleLatin: releases.titleLatin,
  artistName: releases.artistName,
  releaseType: releases.releaseType,
  releaseDate: releases.releaseDate,
  originalReleaseDate: releases.originalReleaseDate,
  labelName: releases.labelName,
  releaseTiming: releases.releaseTiming,
  preOrderDate: releases.preOrderDate,
  instantGratDate: releases.instantGratDate,
  artworkAi: releases.artworkAi,
  status: releases.status,
  // Kept apart from the release's row (decision 048); a release no report named has no row there.
  streams:
    sql<number>`coalesce((select s.streams from release_streams s where s.release_id = ${releases.id}), 0)`.mapWith(
      Number,
    ),
  isExplicit: releases.isExplicit,
  genre: releases.genre,
  language: releases.language,
  upcEan: releases.upcEan,
  audioFileUrl: releases.audioFileUrl,
  coverArtUrl: releases.coverArtUrl,
  audioUploadId: releases.audioUploadId,
  coverArtUploadId: releases.coverArtUploadId,
  submittedAt: releases.submittedAt,
  approvedAt: releases.approvedAt,
  liveAt: releases.liveAt,
  adminNotes: releases.adminNotes,
  qcStatus: releases.qcStatus,
  publicSlug: releases.publicSlug,
  qcBlocking:
    sql<number>`(select count(*) from jsonb_array_elements(${releases.qcFindings}) f where f->>'severity' = 'blocking')`.mapWith(
      Number,
    ),
  // Only an approved release asks its deliveries (the index on release_id makes each a short look).
  waitingPayment: sql<boolean>`(${releases.status} = 'live' and exists (select 1 from deliveries d
    where d.release_id = ${releases.id} and d.status = 'awaiting_payment'))`.mapWith(Boolean),
  acceptedByAStore: sql<boolean>`(${releases.status} = 'live' and exists (select 1 from deliveries d
    where d.release_id = ${releases.id} and d.kind = 'insert' and d.status = 'acknowledged'))`.mapWith(Boolean),
};

type ReleaseRow = Pick<
  typeof releases.$inferSelect,
  Exclude<keyof typeof releaseColumns, "qcBlocking" | "waitingPayment" | "acceptedByAStore" | "streams">
> & {
  streams: number;
  qcBlocking: number;
  waitingPayment: boolean;
  acceptedByAStore: boolean;
};

// Fields are copied one by one, not spread: rows may carry more (an owner, a page's total), and
// copying a known shape is cheaper on the hottest lists.
export function toReleaseDto(row: ReleaseRow): ReleaseDto {
  return {
    id: row.id,
    title: row.title,
    titleLatin: row.titleLatin,
    artistName: row.artistName,
    releaseType: row.releaseType,
    releaseDate: row.releaseDate,
    originalReleaseDate: row.originalReleaseDate,
    labelName: row.labelName,
    releaseTiming: row.releaseTiming as ReleaseTiming,
    preOrderDate: row.preOrderDate,
    instantGratDate: row.instantGratDate,
    artworkAi: row.artworkAi as AiLevel | null,
    status: row.status as ReleaseStatus,
    streams: row.streams,
    isExplicit: row.isExplicit,
    genre: row.genre,
    language: row.language,
    upcEan: row.upcEan,
    audioFileUrl: row.audioFileUrl,
    coverArtUrl: row.coverArtUrl,
    audioUploadId: row.audioUploadId,
    coverArtUploadId: row.coverArtUploadId,
    submittedAt: row.submittedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    liveAt: row.liveAt?.toISOString() ?? null,
    adminNotes: row.adminNotes,
    qcStatus: row.qcStatus,
    qcBlocking: row.qcBlocking,
    publicPath: `/r/${row.publicSlug}`,
    artistState: artistReleaseState(row, todayIst()),
  };
}

export const releaseIdParams = z.object({ id: z.uuid({ message: t("server.releaseNotFound") }) });
