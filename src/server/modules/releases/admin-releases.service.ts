// The admin's release use cases (review, approve, take down, edit, enter by hand), as plain functions
// over their dependencies: no HTTP here. A refusal is a DomainError; admin-releases.routes.ts maps it.

import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { DELIVERY_MESSAGES, STORE_LINK_MESSAGES } from "#domain/deliveries";
import { type MessageId, t } from "#domain/i18n";
import { IDENTIFIER_MESSAGES } from "#domain/identifiers";
import { blockingCount, QC_MESSAGES } from "#domain/quality";
import {
  ADMIN_RELEASE_MESSAGES,
  canApplyReleaseAction,
  type manualReleaseSchema,
  RELEASE_ACTIONS,
  RELEASE_NOTICES,
  type ReleaseAction,
  type releaseMetadataSchema,
} from "#domain/releases";
import type { AppDeps } from "#server/context";
import type { Db, Tx } from "#server/db/client";
import { deliveries, releases, tracks, users } from "#server/db/schema";
import { type ListSpec, ownerMatches } from "#server/lib/admin-common";
import { changedFields, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { pageParts } from "#server/lib/paging";
import {
  assignIdentifiers,
  claimReleaseCodes,
  DELIVERED_STATUSES,
  queueReleaseDeliveries,
  queueTakedowns,
  queueUpdates,
  releaseTypedCodes,
  retryDelivery,
} from "#server/modules/delivery";
import { notifyUser } from "#server/modules/notifications";
import { queueQualityCheck } from "#server/modules/quality";
import { setStoreLink } from "#server/modules/store-links";
import { isReleasePaidFor } from "#server/modules/subscriptions";
import { formatReleaseDate } from "./public-page";
import { releaseColumns, toReleaseDto } from "./release.schema";
import { hasEarnings, releaseExtras, writeTracks } from "./release-detail";
import { recordReleaseEvent } from "./release-events";

const columns = { ...releaseColumns, userId: releases.userId, ownerName: users.name, ownerEmail: users.email };

export function toAdminReleaseDto(row: AdminReleaseRow) {
  return { ...toReleaseDto(row), userId: row.userId, ownerName: row.ownerName, ownerEmail: row.ownerEmail };
}
type AdminReleaseRow = Awaited<ReturnType<typeof selectByIds>>[number];

/** What the admin release use cases need. */
export type AdminReleaseDeps = Pick<
  AppDeps,
  "database" | "mailer" | "logger" | "publicUrl" | "jobs" | "identifiers" | "delivery"
>;

function selectByIds(db: Db, where: SQL) {
  return db.select(columns).from(releases).leftJoin(users, eq(users.id, releases.userId)).where(where);
}

/** One page of releases, newest submission first, with their owners, and how many match, in one statement. */
export function releasesPage(db: Db, f: ListSpec<"status" | "pattern" | "words">) {
  const conditions: SQL[] = [];
  if (f.status !== undefined) conditions.push(eq(releases.status, f.status));
  if (f.pattern !== undefined) {
    conditions.push(
      or(
        // Title, artist and UPC by their words (migration 0050), each word as a prefix.
        sql`${releases}.search_words @@ to_tsquery('simple', ${f.words ?? ""})`,
        ownerMatches(db, releases.userId, f.pattern),
        // Any of its tracks' ISRCs (a trigram index on tracks.isrc answers this arm on its own).
        sql`${releases.id} = any(array(${db.select({ id: tracks.releaseId }).from(tracks).where(ilike(tracks.isrc, f.pattern))}))`,
      ) as SQL,
    );
  }
  const parts = pageParts(db, {
    table: releases,
    id: releases.id,
    where: conditions.length ? and(...conditions) : undefined,
    order: [releases.submittedAt, releases.id],
    limit: f.limit,
    offset: f.offset,
    search: f.pattern !== undefined,
  });
  const query = db
    .with(...parts.ctes)
    .select({ ...columns, total: parts.total })
    .from(releases)
    .leftJoin(users, eq(users.id, releases.userId))
    .where(parts.inPage)
    .orderBy(...parts.orderBy);
  return { query, countAll: parts.countAll };
}

export async function oneRelease(db: Db, id: string) {
  const [row] = await selectByIds(db, eq(releases.id, id));
  const release = row && toAdminReleaseDto(row);
  if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  return release;
}

/** What happened, in the owner's words: approval is not yet "live" (issue 33), it goes to the stores. */
/** The statuses an owner is told of, each with a title and a text under `release.notice.<status>`. */
const NOTICE_STATUSES = ["live", "rejected", "taken_down", "pending_review"] as const;
const isNoticeStatus = (status: string): status is (typeof NOTICE_STATUSES)[number] =>
  (NOTICE_STATUSES as readonly string[]).includes(status);

/**
 * A store rejected a release: its owner hears at once, in the app and by e-mail (if they take release
 * updates), with the store's own words (issue 33: nobody was told, and phones hid the reason).
 */
export async function tellOwnerOfRejection(
  deps: Pick<AdminReleaseDeps, "mailer" | "logger" | "publicUrl"> & { db: Db },
  rejection: { releaseId: string; storeName: string; message: string },
) {
  const [release] = await deps.db
    .select({ title: releases.title, userId: releases.userId })
    .from(releases)
    .where(eq(releases.id, rejection.releaseId));
  if (!release?.userId) return;
  await notifyUser(deps, {
    userId: release.userId,
    kind: "release_status",
    title: () => t("release.notice.storeRejectedTitle", { store: rejection.storeName, title: release.title }),
    body: () => t("release.notice.storeRejected", { store: rejection.storeName, message: rejection.message }),
    link: `/app/releases/${rejection.releaseId}`,
    emailPreference: "emailReleaseUpdates",
  });
}

/** Tells the owner (in-app, and by e-mail if they allow release updates) that their release changed status. */
async function notifyOwner(deps: AdminReleaseDeps, release: Awaited<ReturnType<typeof oneRelease>>) {
  if (!release.userId) return;
  const status = release.status;
  if (!isNoticeStatus(status)) return;
  const values = () => ({
    title: release.title,
    notes: release.adminNotes ?? "",
    date: formatReleaseDate(release.releaseDate),
  });
  await notifyUser(
    { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
    {
      userId: release.userId,
      kind: "release_status",
      title: () => t(`release.notice.${status}.title`, values()),
      body: () =>
        status === "rejected" && release.adminNotes
          ? t("release.notice.rejected.withReason", values())
          : t(`release.notice.${status}.body`, values()),
      link: `/app/releases/${release.id}`,
      emailPreference: "emailReleaseUpdates",
    },
  );
}

/**
 * A Kalrav admin's change to an artist's release goes in that workspace's audit log (issue 35), in the
 * change's own transaction; a release without an owner (entered by hand) has no workspace to tell.
 */
async function auditAdminChange(
  tx: Tx,
  id: string,
  actorId: string | null,
  action: string,
  change: {
    summary: MessageId;
    /** The status set, for a summary that names it. */
    status?: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  },
) {
  const [release] = await tx
    .select({ userId: releases.userId, title: releases.title })
    .from(releases)
    .where(eq(releases.id, id));
  if (!release?.userId || !actorId) return;
  await recordAudit(tx, {
    workspaceId: release.userId,
    actor: actorId,
    kind: "release",
    action,
    subjectId: id,
    summary: [change.summary, { title: release.title, status: change.status ?? "" }],
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * Applies an admin action if the release's status allows it, in one conditional update so that two
 * admins acting at once cannot both succeed from the same state.
 */
export async function applyAction(
  deps: AdminReleaseDeps,
  id: string,
  action: ReleaseAction,
  extra: Partial<typeof releases.$inferInsert> = {},
  actorId: string | null = null,
) {
  const db = deps.database.db;
  const before = await oneRelease(db, id);
  if (!canApplyReleaseAction(action, before.status)) {
    throw new DomainError("conflict", "INVALID_TRANSITION", ADMIN_RELEASE_MESSAGES.notAllowed(action, before.status));
  }
  if (action === "approve" && !before.audioFileUrl && !before.audioUploadId) {
    throw new DomainError("conflict", "AUDIO_MISSING", ADMIN_RELEASE_MESSAGES.cannotApproveWithoutAudio);
  }
  const to = RELEASE_ACTIONS[action].to;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(releases)
      .set({ status: to, ...extra })
      .where(and(eq(releases.id, id), inArray(releases.status, [...RELEASE_ACTIONS[action].from])))
      .returning({ id: releases.id });
    // The history keeps what the artist was told (a rejection's note), even after a resubmission.
    if (row) {
      await recordReleaseEvent(tx, id, to === "live" ? "approved" : to, { note: extra.adminNotes, actorId });
      await auditAdminChange(tx, id, actorId, to === "live" ? "approved" : to, {
        summary: "audit.s.adminSetStatus",
        status: to,
        before: { status: before.status },
        after: { status: to, ...(extra.adminNotes ? { note: extra.adminNotes } : {}) },
      });
    }
    // A rejected release lets go of the codes its artist typed; resubmitting claims them again.
    if (row && to === "rejected") await releaseTypedCodes(tx, id);
    return row;
  });
  if (!updated) throw new DomainError("conflict", "INVALID_TRANSITION", t("server.releaseChanged"));
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

/**
 * Approve: in one transaction the release is checked (status, audio, quality), given its UPC and
 * ISRCs, set live, and one delivery per store is queued. A failure anywhere changes nothing.
 */
export async function approveRelease(deps: AdminReleaseDeps, id: string, actorId: string | null = null) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [release] = await tx
      .select({
        status: releases.status,
        audioFileUrl: releases.audioFileUrl,
        audioUploadId: releases.audioUploadId,
        qcStatus: releases.qcStatus,
        qcFindings: releases.qcFindings,
      })
      .from(releases)
      .where(eq(releases.id, id))
      .for("update");
    if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
    if (!canApplyReleaseAction("approve", release.status)) {
      throw new DomainError(
        "conflict",
        "INVALID_TRANSITION",
        ADMIN_RELEASE_MESSAGES.notAllowed("approve", release.status),
      );
    }
    if (!release.audioFileUrl && !release.audioUploadId) {
      throw new DomainError("conflict", "AUDIO_MISSING", ADMIN_RELEASE_MESSAGES.cannotApproveWithoutAudio);
    }
    if (release.qcStatus !== "done") throw new DomainError("conflict", "QC_PENDING", QC_MESSAGES.approveWaiting);
    const blocking = blockingCount(release.qcFindings);
    if (blocking > 0) throw new DomainError("conflict", "QC_BLOCKING", QC_MESSAGES.approveBlocked(blocking));
    await assignIdentifiers(tx, id, deps.identifiers);
    const now = new Date();
    await tx.update(releases).set({ status: "live", approvedAt: now, liveAt: now }).where(eq(releases.id, id));
    await recordReleaseEvent(tx, id, "approved", { actorId });
    await auditAdminChange(tx, id, actorId, "approved", {
      summary: "audit.s.adminApproved",
      before: { status: release.status },
      after: { status: "live" },
    });
    // Deliveries wait until the plan, or the Introductory Offer for this release, is paid.
    const [owner] = await tx.select({ userId: releases.userId }).from(releases).where(eq(releases.id, id));
    const paid = owner?.userId ? await isReleasePaidFor(tx, owner.userId, id) : true;
    await queueReleaseDeliveries(tx, id, deps.delivery.stores, { awaitingPayment: !paid });
  });
  deps.jobs.kick();
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

/** Take Down: the release leaves the stores that have it (a takedown message each), in one transaction. */
export async function takeDownRelease(deps: AdminReleaseDeps, id: string, actorId: string | null = null) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(releases)
      .set({ status: RELEASE_ACTIONS.takeDown.to })
      .where(and(eq(releases.id, id), inArray(releases.status, [...RELEASE_ACTIONS.takeDown.from])))
      .returning({ id: releases.id });
    if (!updated) {
      const [existing] = await tx.select({ status: releases.status }).from(releases).where(eq(releases.id, id));
      if (!existing) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
      throw new DomainError(
        "conflict",
        "INVALID_TRANSITION",
        ADMIN_RELEASE_MESSAGES.notAllowed("takeDown", existing.status),
      );
    }
    await recordReleaseEvent(tx, id, "taken_down", { actorId });
    await auditAdminChange(tx, id, actorId, "taken_down", {
      summary: "audit.s.adminTakenDown",
      after: { status: RELEASE_ACTIONS.takeDown.to },
    });
    await queueTakedowns(tx, id);
  });
  deps.jobs.kick();
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

/** A release an admin enters by hand (a label's back catalogue): no owner, pending review, checked. */
export async function createManualRelease(deps: AdminReleaseDeps, input: z.output<typeof manualReleaseSchema>) {
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(releases)
      .values({
        ...input,
        genre: input.genre || null,
        // No generated placeholder links: a release without audio shows "Audio missing" until it has some.
        audioFileUrl: input.audioFileUrl || null,
        coverArtUrl: input.coverArtUrl || null,
        userId: null,
        status: "pending_review",
      })
      .returning({
        id: releases.id,
        title: releases.title,
        isExplicit: releases.isExplicit,
        audioFileUrl: releases.audioFileUrl,
        audioUploadId: releases.audioUploadId,
      });
    if (!inserted) throw new Error("release insert returned nothing");
    await writeTracks(tx, inserted, []);
    await recordReleaseEvent(tx, inserted.id, "submitted");
    return inserted;
  });
  deps.jobs.kick();
  return oneRelease(db, row.id);
}

/**
 * An admin's metadata edit. A status change to Live or Taken Down goes through the same checks,
 * identifiers and deliveries as the buttons.
 */
export async function editReleaseMetadata(
  deps: AdminReleaseDeps,
  id: string,
  input: z.output<typeof releaseMetadataSchema>,
  actorId: string | null = null,
) {
  const before = await oneRelease(deps.database.db, id);
  const goesLive = input.status === "live" && before.status !== "live";
  const goesDown = input.status === "taken_down" && before.status === "live";
  const upcEan = input.upcEan || null;
  // Stores know a delivered release by its code, and its earnings are matched by it.
  if (upcEan !== before.upcEan && (DELIVERED_STATUSES as readonly string[]).includes(before.status)) {
    throw new DomainError("conflict", "UPC_FIXED", IDENTIFIER_MESSAGES.deliveredUpcFixed);
  }
  // Metadata first, with the code claimed in the same transaction.
  let queued = 0;
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(releases)
      .set({
        title: input.title,
        artistName: input.artistName,
        releaseDate: input.releaseDate,
        upcEan,
        ...(goesLive || goesDown ? {} : { status: input.status }),
      })
      .where(eq(releases.id, id));
    await claimReleaseCodes(tx, id);
    const diff = changedFields(
      { title: before.title, artistName: before.artistName, releaseDate: before.releaseDate, upcEan: before.upcEan },
      { title: input.title, artistName: input.artistName, releaseDate: input.releaseDate, upcEan },
    );
    if (Object.keys(diff.after).length) {
      await auditAdminChange(tx, id, actorId, "edited", { summary: "audit.s.adminEdited", ...diff });
    }
    // Stores that have the release get whatever they show that changed, under the same identifiers.
    if (!goesDown && before.status === "live") queued = await queueUpdates(tx, id);
  });
  if (queued) deps.jobs.kick();
  if (goesLive) return approveRelease(deps, id, actorId);
  if (goesDown) return takeDownRelease(deps, id, actorId);
  const after = await oneRelease(deps.database.db, id);
  if (after.status !== before.status) await notifyOwner(deps, after);
  return after;
}

/** The release as a reviewer sees it: owner, tracks, quality report and every delivery. */
export async function adminReleaseDetail(deps: AdminReleaseDeps, id: string) {
  const db = deps.database.db;
  const release = await oneRelease(db, id);
  return { release, ...(await releaseExtras(db, id, deps.delivery.stores)) };
}

/** Runs the quality check again (e.g. after the artist replaced a file at the same link). */
export async function recheckRelease(deps: AdminReleaseDeps, id: string) {
  await oneRelease(deps.database.db, id);
  await deps.database.db.transaction((tx) => queueQualityCheck(tx, id));
  deps.jobs.kick();
}

/** Queues a failed delivery again. */
export async function retryFailedDelivery(deps: AdminReleaseDeps, id: string) {
  const db = deps.database.db;
  if (!(await retryDelivery(db, id))) {
    const [exists] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, id));
    if (!exists) throw new DomainError("not_found", "NOT_FOUND", t("server.deliveryNotFound"));
    throw new DomainError("conflict", "INVALID_STATE", DELIVERY_MESSAGES.notRetryable);
  }
  deps.jobs.kick();
}

/** Deletes a release; one with posted earnings is never deleted. */
export async function deleteRelease(db: Db, id: string): Promise<string> {
  if (await hasEarnings(db, id)) throw new DomainError("conflict", "HAS_EARNINGS", RELEASE_NOTICES.hasEarnings);
  const row = await db.transaction(async (tx) => {
    await releaseTypedCodes(tx, id);
    const [deleted] = await tx.delete(releases).where(eq(releases.id, id)).returning({ id: releases.id });
    return deleted;
  });
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  return row.id;
}

/** An admin enters where a release is on a store; its public page sends fans there. */
export async function saveStoreLink(deps: AdminReleaseDeps, id: string, store: string, url: string) {
  await oneRelease(deps.database.db, id);
  if (!deps.delivery.stores.some((s) => s.id === store))
    throw new DomainError("invalid", "UNKNOWN_STORE", STORE_LINK_MESSAGES.unknownStore);
  const clean = new URL(url).toString();
  await setStoreLink(deps.database.db, id, store, clean, "manual");
  return { store, url: clean };
}
