import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import {
  artistMayChange,
  RELEASE_NOTICES,
  RELEASE_STATUSES,
  RELEASE_TYPES,
  releaseInputSchema,
} from "#domain/releases";
import { requireUser } from "#server/auth/guards";
import { preparedQuery } from "#server/db/prepared";
import { releases } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { err as error, json, likePattern } from "#server/lib/route-helpers";
import { releaseColumns, releaseIdParams, releaseSchema, toReleaseDto } from "./release.schema";
import {
  deliveryStateSchema,
  hasEarnings,
  qualitySchema,
  releaseExtras,
  trackSchema,
  writeTracks,
} from "./release-detail";

const detailSchema = z.object({
  release: releaseSchema,
  tracks: z.array(trackSchema),
  quality: qualitySchema,
  delivery: deliveryStateSchema,
});

const listQuery = z.object({
  tab: z.enum(["all", "explicit", "clean"]).default("all"),
  status: z.enum(RELEASE_STATUSES).optional(),
  type: z.enum(RELEASE_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

const listRoute = createRoute({
  method: "get",
  path: "/releases",
  tags: ["Releases"],
  summary: "The signed-in artist's releases, newest submission first, with tab, status, type and title filters",
  request: { query: listQuery },
  responses: { 200: json(z.object({ releases: z.array(releaseSchema) }), "Releases"), 401: error("Signed out") },
});

const createReleaseRoute = createRoute({
  method: "post",
  path: "/releases",
  tags: ["Releases"],
  summary: "Submit a release for review",
  request: { body: { content: { "application/json": { schema: releaseInputSchema } }, required: true } },
  responses: {
    201: json(z.object({ release: releaseSchema }), "Submitted, pending review; its quality check is queued"),
    400: error("Invalid input"),
    401: error("Signed out"),
    409: error("A UPC or ISRC that another release holds"),
    429: error("Too many uploads"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/releases/{id}",
  tags: ["Releases"],
  summary: "One of the artist's releases with its tracks, quality report and delivery state",
  request: { params: releaseIdParams },
  responses: {
    200: json(detailSchema, "Release"),
    401: error("Signed out"),
    404: error("Not yours or absent"),
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/releases/{id}",
  tags: ["Releases"],
  summary: "Change a release that is still pending review",
  request: {
    params: releaseIdParams,
    body: { content: { "application/json": { schema: releaseInputSchema } }, required: true },
  },
  responses: {
    200: json(z.object({ release: releaseSchema }), "Updated"),
    400: error("Invalid input"),
    401: error("Signed out"),
    404: error("Not yours or absent"),
    409: error("No longer pending review"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/releases/{id}",
  tags: ["Releases"],
  summary: "Withdraw a release that is still pending review",
  request: { params: releaseIdParams },
  responses: {
    200: json(z.object({ id: z.string() }), "Withdrawn"),
    401: error("Signed out"),
    404: error("Not yours or absent"),
    409: error("No longer pending review, or has store earnings"),
  },
});

const notFound = () => new ApiError(404, "NOT_FOUND", "Release not found.");
const notEditable = () => new ApiError(409, "INVALID_STATE", RELEASE_NOTICES.notEditable);
const UPLOAD_RATE_LIMIT = { name: "release-uploads", max: 30, windowSeconds: 60 };

export const releasesRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const user = await requireUser(c);
    const query = c.req.valid("query");
    const db = c.get("deps").database.db;
    // The usual request, every release on the "All" tab, is one prepared statement.
    if (query.tab === "all" && !query.status && !query.type && !query.q) {
      const rows = await preparedQuery(db, "artist_releases", (d, name) =>
        d
          .select(releaseColumns)
          .from(releases)
          .where(eq(releases.userId, sql.placeholder("owner")))
          .orderBy(desc(releases.submittedAt))
          .limit(sql.placeholder("limit"))
          .prepare(name),
      ).execute({ owner: user.id, limit: query.limit });
      return c.json({ releases: rows.map(toReleaseDto) }, 200);
    }
    const conditions: SQL[] = [eq(releases.userId, user.id)];
    if (query.tab === "explicit") conditions.push(eq(releases.isExplicit, true));
    if (query.tab === "clean") conditions.push(eq(releases.isExplicit, false));
    if (query.status) conditions.push(eq(releases.status, query.status));
    if (query.type) conditions.push(eq(releases.releaseType, query.type));
    if (query.q) conditions.push(ilike(releases.title, likePattern(query.q)));
    const rows = await db
      .select(releaseColumns)
      .from(releases)
      .where(and(...conditions))
      .orderBy(desc(releases.submittedAt))
      .limit(query.limit);
    return c.json({ releases: rows.map(toReleaseDto) }, 200);
  })
  .openapi(createReleaseRoute, async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    await enforceRateLimit(c, UPLOAD_RATE_LIMIT, user.id);
    const { tracks, ...fields } = input;
    const deps = c.get("deps");
    // The release, its tracks and its quality-check job exist together or not at all.
    const row = await deps.database.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(releases)
        .values({
          ...fields,
          genre: fields.genre || null,
          upcEan: fields.upcEan || null,
          userId: user.id,
          status: "pending_review",
          streams: 0,
        })
        .returning(releaseColumns);
      if (!inserted) throw new Error("release insert returned nothing");
      await writeTracks(tx, inserted, tracks);
      return inserted;
    });
    deps.jobs.kick();
    return c.json({ release: toReleaseDto(row) }, 201);
  })
  .openapi(getRoute, async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid("param");
    const [row] = await c
      .get("deps")
      .database.db.select(releaseColumns)
      .from(releases)
      .where(and(eq(releases.id, id), eq(releases.userId, user.id)));
    if (!row) throw notFound();
    const deps = c.get("deps");
    // The artist sees the delivery summary, not the per-store details.
    const { tracks, quality, delivery } = await releaseExtras(deps.database.db, id, deps.delivery.stores);
    return c.json({ release: toReleaseDto(row), tracks, quality, delivery }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const db = deps.database.db;
    const { tracks, ...fields } = input;
    // The status check and the write happen in one statement, so a concurrent approval cannot slip between.
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(releases)
        .set({ ...fields, genre: fields.genre || null, upcEan: fields.upcEan || null })
        .where(and(eq(releases.id, id), eq(releases.userId, user.id), eq(releases.status, "pending_review")))
        .returning(releaseColumns);
      if (updated) await writeTracks(tx, updated, tracks);
      return updated;
    });
    if (row) {
      deps.jobs.kick();
      return c.json({ release: toReleaseDto(row) }, 200);
    }
    const [existing] = await db
      .select({ status: releases.status })
      .from(releases)
      .where(and(eq(releases.id, id), eq(releases.userId, user.id)));
    if (!existing) throw notFound();
    throw notEditable();
  })
  .openapi(deleteRoute, async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    if (await hasEarnings(db, id)) throw new ApiError(409, "HAS_EARNINGS", RELEASE_NOTICES.hasEarnings);
    const [row] = await db
      .delete(releases)
      .where(and(eq(releases.id, id), eq(releases.userId, user.id), eq(releases.status, "pending_review")))
      .returning({ id: releases.id });
    if (row) return c.json({ id: row.id }, 200);
    const [existing] = await db
      .select({ status: releases.status })
      .from(releases)
      .where(and(eq(releases.id, id), eq(releases.userId, user.id)));
    if (!existing || artistMayChange(existing.status)) throw notFound();
    throw notEditable();
  });
