// The artist's release use cases, as plain functions over their dependencies: no HTTP here. A refusal
// is a DomainError; the routes (releases.routes.ts) validate, authorize, call these and shape answers.

import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { applyAiAnswer } from "#domain/ai-disclosure";
import { t } from "#domain/i18n";
import { PLANS } from "#domain/plans";
import {
  artistMayChange,
  PRE_ORDER_MESSAGES,
  RELEASE_NOTICES,
  type ReleaseData,
  type ReleaseStatus,
  type ReleaseType,
  usesPreOrders,
} from "#domain/releases";
import type { Db, Tx } from "#server/db/client";
import { preparedQuery } from "#server/db/prepared";
import { releases } from "#server/db/schema";
import type { JobWorker } from "#server/jobs/queue";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { likePattern } from "#server/lib/route-helpers";
import { creditReleaseArtists } from "#server/modules/artists";
import { type IdentifierConfig, releaseTypedCodes, type StoreConfig } from "#server/modules/delivery";
import { currentPlanId } from "#server/modules/subscriptions";
import { claimUploads } from "#server/modules/uploads";
import { releaseColumns, toReleaseDto } from "./release.schema";
import { hasEarnings, releaseExtras, writeTracks } from "./release-detail";
import { recordReleaseEvent } from "./release-events";

export interface ReleaseFilters {
  tab: "all" | "explicit" | "clean";
  status?: ReleaseStatus;
  type?: ReleaseType;
  q?: string;
  limit: number;
}

const notFound = () => new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
const notEditable = () => new DomainError("conflict", "INVALID_STATE", RELEASE_NOTICES.notEditable);

/**
 * The release's own columns from what the artist sent: an uploaded file replaces the link beside it,
 * and the uploads it names must be the artist's own, finished, and of the right kind.
 */
async function storedFields(tx: Pick<Db, "select">, ownerId: string, input: ReleaseData) {
  const { tracks, aiUsed, ...fields } = input;
  // Pre-orders and instant-grat tracks are the Pro and Label plans' (the plan in force today).
  if (usesPreOrders(fields) || tracks.some((t) => t.instantGrat)) {
    if (!PLANS[await currentPlanId(tx, ownerId)].preOrders)
      throw new DomainError("forbidden", "PLAN_FEATURE", PRE_ORDER_MESSAGES.planOnly, { field: "preOrderDate" });
  }
  await claimUploads(tx, ownerId, [
    ...(fields.audioUploadId ? [{ id: fields.audioUploadId, kind: "audio" as const }] : []),
    ...(fields.coverArtUploadId ? [{ id: fields.coverArtUploadId, kind: "artwork" as const }] : []),
    ...tracks.slice(1).flatMap((t) => (t.audioUploadId ? [{ id: t.audioUploadId, kind: "audio" as const }] : [])),
  ]);
  return {
    ...fields,
    genre: fields.genre || null,
    language: fields.language || null,
    labelName: fields.labelName || null,
    artworkAi: applyAiAnswer(input).artworkAi,
    preOrderDate: fields.preOrderDate || null,
    instantGratDate: fields.instantGratDate || null,
    upcEan: fields.upcEan || null,
    originalReleaseDate: fields.originalReleaseDate || null,
    audioUploadId: fields.audioUploadId || null,
    audioFileUrl: fields.audioUploadId ? null : fields.audioFileUrl || null,
    coverArtUploadId: fields.coverArtUploadId || null,
    coverArtUrl: fields.coverArtUploadId ? null : fields.coverArtUrl || null,
  };
}

/** The tracks as stored, with the artist's AI answer applied. */
function writeDeclaredTracks(
  tx: Tx,
  release: Parameters<typeof writeTracks>[1],
  input: ReleaseData,
  identifiers: IdentifierConfig,
) {
  const declared = applyAiAnswer(input);
  return writeTracks(tx, { ...release, ai: declared.unlistedTrackAi }, declared.tracks, { ours: identifiers });
}

/** The owner's releases, newest submission first. */
export async function listReleases(db: Db, ownerId: string, filters: ReleaseFilters) {
  // The usual request, every release on the "All" tab, is one prepared statement.
  if (filters.tab === "all" && !filters.status && !filters.type && !filters.q) {
    const rows = await preparedQuery(db, "artist_releases", (d, name) =>
      d
        .select(releaseColumns)
        .from(releases)
        .where(eq(releases.userId, sql.placeholder("owner")))
        .orderBy(desc(releases.submittedAt))
        .limit(sql.placeholder("limit"))
        .prepare(name),
    ).execute({ owner: ownerId, limit: filters.limit });
    return rows.map(toReleaseDto);
  }
  const conditions: SQL[] = [eq(releases.userId, ownerId)];
  if (filters.tab === "explicit") conditions.push(eq(releases.isExplicit, true));
  if (filters.tab === "clean") conditions.push(eq(releases.isExplicit, false));
  if (filters.status) conditions.push(eq(releases.status, filters.status));
  if (filters.type) conditions.push(eq(releases.releaseType, filters.type));
  // Either form of the title finds it (issue 39).
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(releases.title, pattern), ilike(releases.titleLatin, pattern)) as SQL);
  }
  const rows = await db
    .select(releaseColumns)
    .from(releases)
    .where(and(...conditions))
    .orderBy(desc(releases.submittedAt))
    .limit(filters.limit);
  return rows.map(toReleaseDto);
}

/** Submits a release for review: it, its tracks (codes claimed) and its quality check exist together or not at all. */
export async function submitRelease(
  deps: { db: Db; jobs: JobWorker; identifiers: IdentifierConfig },
  ownerId: string,
  input: ReleaseData,
  actor: AuditActor,
) {
  const row = await deps.db.transaction((tx) => insertRelease(tx, deps.identifiers, ownerId, input, actor));
  deps.jobs.kick();
  return toReleaseDto(row);
}

/**
 * The submission inside the caller's transaction (a catalogue import records, in the same transaction,
 * which of its lines the release came from). The caller kicks the job worker once committed.
 */
export async function insertRelease(
  tx: Tx,
  identifiers: IdentifierConfig,
  ownerId: string,
  input: ReleaseData,
  actor: AuditActor,
  /** The catalogue file it came from, for a release imported from one. */
  importedFrom?: string,
) {
  const [inserted] = await tx
    .insert(releases)
    .values({
      ...(await storedFields(tx, ownerId, input)),
      userId: ownerId,
      status: "pending_review",
    })
    .returning(releaseColumns);
  if (!inserted) throw new Error("release insert returned nothing");
  await writeDeclaredTracks(tx, inserted, input, identifiers);
  await creditReleaseArtists(tx, ownerId, inserted.id);
  await recordReleaseEvent(tx, inserted.id, "submitted", { actorId: actor.id });
  await recordAudit(tx, {
    workspaceId: ownerId,
    actor,
    kind: "release",
    action: "submitted",
    subjectId: inserted.id,
    summary: importedFrom
      ? ["audit.s.releaseImported", { title: inserted.title, file: importedFrom }]
      : ["audit.s.releaseSubmitted", { title: inserted.title }],
    after: { title: inserted.title, status: inserted.status },
  });
  return inserted;
}

/** One of the owner's releases with its tracks, quality report and delivery summary (not per-store details). */
export async function getRelease(deps: { db: Db; stores: readonly StoreConfig[] }, ownerId: string, id: string) {
  const [row] = await deps.db
    .select(releaseColumns)
    .from(releases)
    .where(and(eq(releases.id, id), eq(releases.userId, ownerId)));
  if (!row) throw notFound();
  const { tracks, files, quality, verdict, delivery, stores, publicPage, history } = await releaseExtras(
    deps.db,
    id,
    deps.stores,
  );
  return { release: toReleaseDto(row), tracks, files, quality, verdict, delivery, stores, publicPage, history };
}

/**
 * Changes a release that is pending review; a rejected release changed this way goes back for
 * review (resubmitted), keeping its history and the reviewer's note.
 */
export async function updateRelease(
  deps: { db: Db; jobs: JobWorker; identifiers: IdentifierConfig },
  ownerId: string,
  id: string,
  input: ReleaseData,
  actor: AuditActor,
) {
  // The row is locked while it is checked and written, so a concurrent approval cannot slip between.
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: releases.status, title: releases.title })
      .from(releases)
      .where(and(eq(releases.id, id), eq(releases.userId, ownerId)))
      .for("update");
    if (!current) throw notFound();
    if (!artistMayChange(current.status)) throw notEditable();
    const resubmitted = current.status === "rejected";
    const [updated] = await tx
      .update(releases)
      .set({
        ...(await storedFields(tx, ownerId, input)),
        ...(resubmitted ? { status: "pending_review", submittedAt: new Date() } : {}),
      })
      .where(eq(releases.id, id))
      .returning(releaseColumns);
    if (!updated) throw notFound();
    await writeDeclaredTracks(tx, updated, input, deps.identifiers);
    await creditReleaseArtists(tx, ownerId, updated.id);
    if (resubmitted) await recordReleaseEvent(tx, id, "resubmitted", { actorId: actor.id });
    await recordAudit(tx, {
      workspaceId: ownerId,
      actor,
      kind: "release",
      action: resubmitted ? "resubmitted" : "edited",
      subjectId: id,
      summary: [resubmitted ? "audit.s.releaseResubmitted" : "audit.s.releaseChanged", { title: updated.title }],
      before: { title: current.title, status: current.status },
      after: { title: updated.title, status: updated.status },
    });
    return updated;
  });
  deps.jobs.kick();
  return toReleaseDto(row);
}

/** Withdraws a release still pending review; one with posted earnings is never deleted. */
export async function withdrawRelease(db: Db, ownerId: string, id: string, actor: AuditActor): Promise<string> {
  if (await hasEarnings(db, id)) throw new DomainError("conflict", "HAS_EARNINGS", RELEASE_NOTICES.hasEarnings);
  const row = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: releases.id, title: releases.title, status: releases.status })
      .from(releases)
      .where(
        and(
          eq(releases.id, id),
          eq(releases.userId, ownerId),
          inArray(releases.status, ["pending_review", "rejected"]),
        ),
      )
      .for("update");
    if (!target) return undefined;
    // The codes the artist typed go with it: a claim never outlives its release's withdrawal.
    await releaseTypedCodes(tx, id);
    const [deleted] = await tx.delete(releases).where(eq(releases.id, id)).returning({ id: releases.id });
    await recordAudit(tx, {
      workspaceId: ownerId,
      actor,
      kind: "release",
      action: "withdrawn",
      subjectId: id,
      summary: ["audit.s.releaseWithdrawn", { title: target.title }],
      before: { title: target.title, status: target.status },
    });
    return deleted;
  });
  if (row) return row.id;
  const [existing] = await db
    .select({ status: releases.status })
    .from(releases)
    .where(and(eq(releases.id, id), eq(releases.userId, ownerId)));
  if (!existing || artistMayChange(existing.status)) throw notFound();
  throw notEditable();
}
