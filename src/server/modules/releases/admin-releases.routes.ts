import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { DELIVERY_MESSAGES } from "#domain/deliveries";
import { IDENTIFIER_MESSAGES } from "#domain/identifiers";
import { pageQuerySchema } from "#domain/pagination";
import { blockingCount, QC_MESSAGES } from "#domain/quality";
import {
  ADMIN_RELEASE_MESSAGES,
  canApplyReleaseAction,
  DEFAULT_REJECTION_NOTE,
  manualReleaseSchema,
  RELEASE_ACTIONS,
  RELEASE_NOTICES,
  RELEASE_STATUSES,
  type ReleaseAction,
  releaseMetadataSchema,
  releaseStatusLabel,
} from "#domain/releases";
import { requireAdmin } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { deliveries, releases, users } from "#server/db/schema";
import { adminErrors, idParams, type ListSpec, ownerMatches, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { pageParts, preparedPage } from "#server/lib/paging";
import { err, json, likePattern } from "#server/lib/route-helpers";
import {
  assignIdentifiers,
  claimReleaseCodes,
  DELIVERED_STATUSES,
  queueReleaseDeliveries,
  queueTakedowns,
  retryDelivery,
} from "#server/modules/delivery";
import { notifyUser } from "#server/modules/notifications";
import { queueQualityCheck } from "#server/modules/quality";
import { releaseColumns, releaseSchema, toReleaseDto } from "./release.schema";
import {
  deliverySchema,
  deliveryStateSchema,
  hasEarnings,
  qualitySchema,
  releaseExtras,
  trackSchema,
  writeTracks,
} from "./release-detail";

const adminReleaseSchema = releaseSchema
  .extend({ userId: z.string().nullable(), ownerName: z.string().nullable(), ownerEmail: z.string().nullable() })
  .openapi("AdminRelease");

const listQuery = pageQuerySchema.extend({ status: z.enum(RELEASE_STATUSES).optional() });
const one = json(z.object({ release: adminReleaseSchema }), "Release");

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/releases",
    tags: ["Admin"],
    summary: "All releases, newest submission first, searched by title, artist, UPC or owner, filtered by status",
    request: { query: listQuery },
    responses: { 200: json(pageOf(adminReleaseSchema), "Releases"), 400: err("Invalid query"), ...adminErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/admin/releases",
    tags: ["Admin"],
    summary: "Manual upload of a release with no owner",
    request: { body: { content: { "application/json": { schema: manualReleaseSchema } }, required: true } },
    responses: { 201: one, 400: err("Invalid input"), ...adminErrors },
  }),
  update: createRoute({
    method: "patch",
    path: "/admin/releases/{id}",
    tags: ["Admin"],
    summary: "Edit Metadata: title, artist, release date, status and UPC",
    request: {
      params: idParams,
      body: { content: { "application/json": { schema: releaseMetadataSchema } }, required: true },
    },
    responses: {
      200: one,
      400: err("Invalid input"),
      404: err("No such release"),
      409: err("Not allowed"),
      ...adminErrors,
    },
  }),
  approve: createRoute({
    method: "post",
    path: "/admin/releases/{id}/approve",
    tags: ["Admin"],
    summary: "Approve: the release goes live (not from live; needs audio)",
    request: { params: idParams },
    responses: { 200: one, 404: err("No such release"), 409: err("Not allowed from this status"), ...adminErrors },
  }),
  reject: createRoute({
    method: "post",
    path: "/admin/releases/{id}/reject",
    tags: ["Admin"],
    summary: "Reject a release pending review, with a note to the artist",
    request: {
      params: idParams,
      body: {
        content: { "application/json": { schema: z.object({ notes: z.string().trim().max(2000).optional() }) } },
        required: false,
      },
    },
    responses: { 200: one, 404: err("No such release"), 409: err("Not allowed from this status"), ...adminErrors },
  }),
  takeDown: createRoute({
    method: "post",
    path: "/admin/releases/{id}/take-down",
    tags: ["Admin"],
    summary: "Take a live release down",
    request: { params: idParams },
    responses: { 200: one, 404: err("No such release"), 409: err("Not allowed from this status"), ...adminErrors },
  }),
  detail: createRoute({
    method: "get",
    path: "/admin/releases/{id}",
    tags: ["Admin"],
    summary: "A release in review: tracks, quality report and per-store deliveries",
    request: { params: idParams },
    responses: {
      200: json(
        z.object({
          release: adminReleaseSchema,
          tracks: z.array(trackSchema),
          quality: qualitySchema,
          deliveries: z.array(deliverySchema),
          delivery: deliveryStateSchema,
        }),
        "Release",
      ),
      404: err("No such release"),
      ...adminErrors,
    },
  }),
  recheck: createRoute({
    method: "post",
    path: "/admin/releases/{id}/quality-check",
    tags: ["Admin"],
    summary: "Run the quality check again (e.g. after the artist replaced a file at the same link)",
    request: { params: idParams },
    responses: {
      202: json(z.object({ queued: z.literal(true) }), "Queued"),
      404: err("No such release"),
      ...adminErrors,
    },
  }),
  retryDelivery: createRoute({
    method: "post",
    path: "/admin/deliveries/{id}/retry",
    tags: ["Admin"],
    summary: "Queue a failed delivery again",
    request: { params: idParams },
    responses: {
      202: json(z.object({ queued: z.literal(true) }), "Queued"),
      404: err("No such delivery"),
      409: err("Not failed"),
      ...adminErrors,
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/admin/releases/{id}",
    tags: ["Admin"],
    summary: "Delete a release",
    request: { params: idParams },
    responses: {
      200: json(z.object({ id: z.string() }), "Deleted"),
      404: err("No such release"),
      409: err("Has store earnings"),
      ...adminErrors,
    },
  }),
};

const columns = { ...releaseColumns, userId: releases.userId, ownerName: users.name, ownerEmail: users.email };

function toAdminReleaseDto(row: AdminReleaseRow) {
  return { ...toReleaseDto(row), userId: row.userId, ownerName: row.ownerName, ownerEmail: row.ownerEmail };
}
type AdminReleaseRow = Awaited<ReturnType<typeof selectByIds>>[number];

function selectByIds(db: Db, where: SQL) {
  return db.select(columns).from(releases).leftJoin(users, eq(users.id, releases.userId)).where(where);
}

/** One page of releases, newest submission first, with their owners, and how many match, in one statement. */
function releasesPage(db: Db, f: ListSpec<"status" | "pattern">) {
  const conditions: SQL[] = [];
  if (f.status !== undefined) conditions.push(eq(releases.status, f.status));
  if (f.pattern !== undefined) {
    conditions.push(
      or(
        ilike(releases.title, f.pattern),
        ilike(releases.artistName, f.pattern),
        ilike(releases.upcEan, f.pattern),
        ownerMatches(db, releases.userId, f.pattern),
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

async function oneRelease(db: Db, id: string) {
  const [row] = await selectByIds(db, eq(releases.id, id));
  const release = row && toAdminReleaseDto(row);
  if (!release) throw new ApiError(404, "NOT_FOUND", "Release not found.");
  return release;
}

const STATUS_NOTICE: Record<string, (title: string, notes: string | null) => string> = {
  live: (t) => `Good news: "${t}" was approved and is going live on the stores.`,
  rejected: (t, notes) =>
    `"${t}" was not approved.${notes ? ` Reason: ${notes}` : ""} You can upload a corrected release.`,
  taken_down: (t) => `"${t}" was taken down from the stores.`,
  pending_review: (t) => `"${t}" is back in review.`,
};

/** Tells the owner (in-app, and by e-mail if they allow release updates) that their release changed status. */
async function notifyOwner(deps: AppDeps, release: Awaited<ReturnType<typeof oneRelease>>) {
  if (!release.userId) return;
  const message = STATUS_NOTICE[release.status];
  if (!message) return;
  await notifyUser(
    { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
    {
      userId: release.userId,
      kind: "release_status",
      title: `Release ${releaseStatusLabel(release.status)}: ${release.title}`,
      body: message(release.title, release.adminNotes),
      link: `/app/releases/${release.id}`,
      emailPreference: "emailReleaseUpdates",
    },
  );
}

/**
 * Applies an admin action if the release's status allows it, in one conditional update so that two
 * admins acting at once cannot both succeed from the same state.
 */
async function applyAction(
  deps: AppDeps,
  id: string,
  action: ReleaseAction,
  extra: Partial<typeof releases.$inferInsert> = {},
) {
  const db = deps.database.db;
  const before = await oneRelease(db, id);
  if (!canApplyReleaseAction(action, before.status)) {
    throw new ApiError(409, "INVALID_TRANSITION", ADMIN_RELEASE_MESSAGES.notAllowed(action, before.status));
  }
  if (action === "approve" && !before.audioFileUrl) {
    throw new ApiError(409, "AUDIO_MISSING", ADMIN_RELEASE_MESSAGES.cannotApproveWithoutAudio);
  }
  const [updated] = await db
    .update(releases)
    .set({ status: RELEASE_ACTIONS[action].to, ...extra })
    .where(and(eq(releases.id, id), inArray(releases.status, [...RELEASE_ACTIONS[action].from])))
    .returning({ id: releases.id });
  if (!updated) throw new ApiError(409, "INVALID_TRANSITION", "The release changed meanwhile. Reload and try again.");
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

/**
 * Approve: in one transaction the release is checked (status, audio, quality), given its UPC and
 * ISRCs, set live, and one delivery per store is queued. A failure anywhere changes nothing.
 */
async function approveRelease(deps: AppDeps, id: string) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [release] = await tx
      .select({
        status: releases.status,
        audioFileUrl: releases.audioFileUrl,
        qcStatus: releases.qcStatus,
        qcFindings: releases.qcFindings,
      })
      .from(releases)
      .where(eq(releases.id, id))
      .for("update");
    if (!release) throw new ApiError(404, "NOT_FOUND", "Release not found.");
    if (!canApplyReleaseAction("approve", release.status)) {
      throw new ApiError(409, "INVALID_TRANSITION", ADMIN_RELEASE_MESSAGES.notAllowed("approve", release.status));
    }
    if (!release.audioFileUrl) {
      throw new ApiError(409, "AUDIO_MISSING", ADMIN_RELEASE_MESSAGES.cannotApproveWithoutAudio);
    }
    if (release.qcStatus !== "done") throw new ApiError(409, "QC_PENDING", QC_MESSAGES.approveWaiting);
    const blocking = blockingCount(release.qcFindings);
    if (blocking > 0) throw new ApiError(409, "QC_BLOCKING", QC_MESSAGES.approveBlocked(blocking));
    await assignIdentifiers(tx, id, deps.identifiers);
    const now = new Date();
    await tx.update(releases).set({ status: "live", approvedAt: now, liveAt: now }).where(eq(releases.id, id));
    await queueReleaseDeliveries(tx, id, deps.delivery.stores);
  });
  deps.jobs.kick();
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

/** Take Down: the release leaves the stores that have it (a takedown message each), in one transaction. */
async function takeDownRelease(deps: AppDeps, id: string) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(releases)
      .set({ status: RELEASE_ACTIONS.takeDown.to })
      .where(and(eq(releases.id, id), inArray(releases.status, [...RELEASE_ACTIONS.takeDown.from])))
      .returning({ id: releases.id });
    if (!updated) {
      const [existing] = await tx.select({ status: releases.status }).from(releases).where(eq(releases.id, id));
      if (!existing) throw new ApiError(404, "NOT_FOUND", "Release not found.");
      throw new ApiError(409, "INVALID_TRANSITION", ADMIN_RELEASE_MESSAGES.notAllowed("takeDown", existing.status));
    }
    await queueTakedowns(tx, id);
  });
  deps.jobs.kick();
  const after = await oneRelease(db, id);
  await notifyOwner(deps, after);
  return after;
}

export const adminReleasesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const filters = { status, pattern: q ? likePattern(q) : undefined };
    const { rows, total } = await preparedPage(db, "admin_releases", filters, { page, pageSize }, releasesPage);
    const items = rows.map(toAdminReleaseDto);
    return c.json({ items, total, page, pageSize }, 200);
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const input = c.req.valid("json");
    const db = c.get("deps").database.db;
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
        });
      if (!inserted) throw new Error("release insert returned nothing");
      await writeTracks(tx, inserted, []);
      return inserted;
    });
    c.get("deps").jobs.kick();
    return c.json({ release: await oneRelease(db, row.id) }, 201);
  })
  .openapi(routes.update, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const before = await oneRelease(deps.database.db, id);
    const goesLive = input.status === "live" && before.status !== "live";
    const goesDown = input.status === "taken_down" && before.status === "live";
    const upcEan = input.upcEan || null;
    // Stores know a delivered release by its code, and its earnings are matched by it.
    if (upcEan !== before.upcEan && (DELIVERED_STATUSES as readonly string[]).includes(before.status)) {
      throw new ApiError(409, "UPC_FIXED", IDENTIFIER_MESSAGES.deliveredUpcFixed);
    }
    // Metadata first, with the code claimed in the same transaction; a status change to Live or
    // Taken Down then goes through the same checks, identifiers and deliveries as the buttons.
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
    });
    if (goesLive) return c.json({ release: await approveRelease(deps, id) }, 200);
    if (goesDown) return c.json({ release: await takeDownRelease(deps, id) }, 200);
    const after = await oneRelease(deps.database.db, id);
    if (after.status !== before.status) await notifyOwner(deps, after);
    return c.json({ release: after }, 200);
  })
  .openapi(routes.approve, async (c) => {
    await requireAdmin(c);
    const release = await approveRelease(c.get("deps"), c.req.valid("param").id);
    return c.json({ release }, 200);
  })
  .openapi(routes.reject, async (c) => {
    await requireAdmin(c);
    const body = await c.req.json().catch(() => ({}));
    const parsed = z.object({ notes: z.string().trim().max(2000).optional() }).safeParse(body ?? {});
    const notes = (parsed.success && parsed.data.notes) || DEFAULT_REJECTION_NOTE;
    const release = await applyAction(c.get("deps"), c.req.valid("param").id, "reject", { adminNotes: notes });
    return c.json({ release }, 200);
  })
  .openapi(routes.takeDown, async (c) => {
    await requireAdmin(c);
    const release = await takeDownRelease(c.get("deps"), c.req.valid("param").id);
    return c.json({ release }, 200);
  })
  .openapi(routes.detail, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const deps = c.get("deps");
    const db = deps.database.db;
    const release = await oneRelease(db, id);
    return c.json({ release, ...(await releaseExtras(db, id, deps.delivery.stores)) }, 200);
  })
  .openapi(routes.recheck, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const deps = c.get("deps");
    await oneRelease(deps.database.db, id);
    await deps.database.db.transaction((tx) => queueQualityCheck(tx, id));
    deps.jobs.kick();
    return c.json({ queued: true as const }, 202);
  })
  .openapi(routes.retryDelivery, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const deps = c.get("deps");
    const db = deps.database.db;
    if (!(await retryDelivery(db, id))) {
      const [exists] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, id));
      if (!exists) throw new ApiError(404, "NOT_FOUND", "Delivery not found.");
      throw new ApiError(409, "INVALID_STATE", DELIVERY_MESSAGES.notRetryable);
    }
    deps.jobs.kick();
    return c.json({ queued: true as const }, 202);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    if (await hasEarnings(db, id)) throw new ApiError(409, "HAS_EARNINGS", RELEASE_NOTICES.hasEarnings);
    const [row] = await db.delete(releases).where(eq(releases.id, id)).returning({ id: releases.id });
    if (!row) throw new ApiError(404, "NOT_FOUND", "Release not found.");
    return c.json({ id: row.id }, 200);
  });
