import { createRoute, z } from "@hono/zod-openapi";
import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { pageQuerySchema } from "../../../domain/pagination";
import {
  ADMIN_RELEASE_MESSAGES,
  canApplyReleaseAction,
  DEFAULT_REJECTION_NOTE,
  manualReleaseSchema,
  RELEASE_ACTIONS,
  RELEASE_STATUSES,
  type ReleaseAction,
  releaseMetadataSchema,
  releaseStatusLabel,
} from "../../../domain/releases";
import { requireAdmin } from "../../auth/guards";
import type { Db } from "../../db/client";
import { releases, users } from "../../db/schema";
import type { AppDeps } from "../../lib/context";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import { err, json, likePattern } from "../../lib/route-helpers";
import { notifyUser } from "../notifications/notify";
import { releaseColumns, releaseSchema, toReleaseDto } from "../releases/release.schema";
import { adminErrors, idParams, pageOf } from "./admin.common";

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
  remove: createRoute({
    method: "delete",
    path: "/admin/releases/{id}",
    tags: ["Admin"],
    summary: "Delete a release",
    request: { params: idParams },
    responses: { 200: json(z.object({ id: z.string() }), "Deleted"), 404: err("No such release"), ...adminErrors },
  }),
};

const columns = { ...releaseColumns, userId: releases.userId, ownerName: users.name, ownerEmail: users.email };

async function selectReleases(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select(columns)
    .from(releases)
    .leftJoin(users, eq(users.id, releases.userId))
    .where(where)
    .orderBy(desc(releases.submittedAt), desc(releases.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ userId, ownerName, ownerEmail, ...release }) => ({
    ...toReleaseDto(release),
    userId,
    ownerName,
    ownerEmail,
  }));
}

async function oneRelease(db: Db, id: string) {
  const [release] = await selectReleases(db, eq(releases.id, id), 1, 0);
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

export const adminReleasesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(releases.status, status));
    if (q) {
      const pattern = likePattern(q);
      // Two index-friendly halves (trigram indexes on releases, and on users then their releases)
      // instead of one OR across the join, which no index can serve.
      conditions.push(
        inArray(
          releases.id,
          db
            .select({ id: releases.id })
            .from(releases)
            .where(
              or(ilike(releases.title, pattern), ilike(releases.artistName, pattern), ilike(releases.upcEan, pattern)),
            )
            .union(
              db
                .select({ id: releases.id })
                .from(releases)
                .where(
                  inArray(
                    releases.userId,
                    db
                      .select({ id: users.id })
                      .from(users)
                      .where(or(ilike(users.name, pattern), ilike(users.email, pattern))),
                  ),
                ),
            ),
        ),
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [items, [total]] = await Promise.all([
      selectReleases(db, where, pageSize, (page - 1) * pageSize),
      db.select({ n: count() }).from(releases).leftJoin(users, eq(users.id, releases.userId)).where(where),
    ]);
    return c.json({ items, total: total?.n ?? 0, page, pageSize }, 200);
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const input = c.req.valid("json");
    const db = c.get("deps").database.db;
    const [row] = await db
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
      .returning({ id: releases.id });
    if (!row) throw new Error("release insert returned nothing");
    return c.json({ release: await oneRelease(db, row.id) }, 201);
  })
  .openapi(routes.update, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const before = await oneRelease(deps.database.db, id);
    if (input.status === "live" && before.status !== "live" && !before.audioFileUrl) {
      throw new ApiError(409, "AUDIO_MISSING", ADMIN_RELEASE_MESSAGES.cannotApproveWithoutAudio);
    }
    const now = new Date();
    const goesLive = input.status === "live" && before.status !== "live";
    await deps.database.db
      .update(releases)
      .set({
        title: input.title,
        artistName: input.artistName,
        releaseDate: input.releaseDate,
        status: input.status,
        upcEan: input.upcEan || null,
        ...(goesLive ? { approvedAt: now, liveAt: now } : {}),
      })
      .where(eq(releases.id, id));
    const after = await oneRelease(deps.database.db, id);
    if (after.status !== before.status) await notifyOwner(deps, after);
    return c.json({ release: after }, 200);
  })
  .openapi(routes.approve, async (c) => {
    await requireAdmin(c);
    const now = new Date();
    const release = await applyAction(c.get("deps"), c.req.valid("param").id, "approve", {
      approvedAt: now,
      liveAt: now,
    });
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
    const release = await applyAction(c.get("deps"), c.req.valid("param").id, "takeDown");
    return c.json({ release }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const [row] = await c
      .get("deps")
      .database.db.delete(releases)
      .where(eq(releases.id, id))
      .returning({ id: releases.id });
    if (!row) throw new ApiError(404, "NOT_FOUND", "Release not found.");
    return c.json({ id: row.id }, 200);
  });
