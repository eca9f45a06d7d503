import { createRoute, z } from "@hono/zod-openapi";
import { storeLinkInputSchema } from "#domain/deliveries";
import { pageQuerySchema } from "#domain/pagination";
import { manualReleaseSchema, RELEASE_STATUSES, rejectReleaseSchema, releaseMetadataSchema } from "#domain/releases";
import { requireAdmin } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { adminErrors, idParams, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { preparedPage } from "#server/lib/paging";
import { cachedJson, err, json, likePattern, wordsQuery } from "#server/lib/route-helpers";
import { mediaResponse } from "#server/media/serve-media";
import {
  adminReleaseDetail,
  applyAction,
  approveRelease,
  createManualRelease,
  deleteRelease,
  editReleaseMetadata,
  recheckRelease,
  releasesPage,
  retryFailedDelivery,
  saveStoreLink,
  takeDownRelease,
  toAdminReleaseDto,
} from "./admin-releases.service";
import { releaseSchema } from "./release.schema";
import {
  deliverySchema,
  deliveryStateSchema,
  publicPageSchema,
  qualitySchema,
  storeStateSchema,
  storeVerdictSchema,
  trackSchema,
} from "./release-detail";
import { releaseEventSchema } from "./release-events";
import { fileVersionSchema, locateReleaseFile, releaseFileParams } from "./release-files";

const adminReleaseSchema = releaseSchema
  .extend({ userId: z.string().nullable(), ownerName: z.string().nullable(), ownerEmail: z.string().nullable() })
  .openapi("AdminRelease");

const mediaDeps = (c: { get(key: "deps"): AppDeps }) => ({ db: c.get("deps").database.db, media: c.get("deps").media });

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
      body: { content: { "application/json": { schema: rejectReleaseSchema } }, required: true },
    },
    responses: {
      200: one,
      400: err("No note for the artist"),
      404: err("No such release"),
      409: err("Not allowed from this status"),
      ...adminErrors,
    },
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
          files: z.array(fileVersionSchema),
          quality: qualitySchema,
          /** Each store's verdict on the release as it stands (issue 40). */
          verdict: storeVerdictSchema,
          deliveries: z.array(deliverySchema),
          delivery: deliveryStateSchema,
          stores: z.array(storeStateSchema),
          publicPage: publicPageSchema,
          history: z.array(releaseEventSchema),
        }),
        "Release",
      ),
      404: err("No such release"),
      ...adminErrors,
    },
  }),
  audio: createRoute({
    method: "get",
    path: "/admin/releases/{id}/tracks/{position}/audio",
    tags: ["Admin"],
    summary: "A track's checked audio, to play in review (byte ranges supported)",
    request: { params: releaseFileParams },
    responses: {
      200: { description: "The audio file", content: { "audio/wav": { schema: z.any() } } },
      206: { description: "The requested byte range" },
      404: err("No such release, track, or not checked yet"),
      416: { description: "Range outside the file" },
      ...adminErrors,
    },
  }),
  artwork: createRoute({
    method: "get",
    path: "/admin/releases/{id}/artwork",
    tags: ["Admin"],
    summary: "The release's checked artwork",
    request: { params: idParams },
    responses: {
      200: { description: "The image", content: { "image/jpeg": { schema: z.any() } } },
      404: err("No such release, or not checked yet"),
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
  storeLink: createRoute({
    method: "put",
    path: "/admin/releases/{id}/store-links/{store}",
    tags: ["Admin"],
    summary: "Enter where a live release is on a store (its public page sends fans there)",
    request: {
      params: z.object({ id: z.string().uuid(), store: z.string().max(40) }),
      body: { content: { "application/json": { schema: storeLinkInputSchema } }, required: true },
    },
    responses: {
      200: json(z.object({ store: z.string(), url: z.string() }), "Saved"),
      400: err("Not an https address, or not a configured store"),
      404: err("No such release"),
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

// Thin routes: validate, authorize, call the service (admin-releases.service.ts), shape the answer.
export const adminReleasesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const filters = { status, pattern: q ? likePattern(q) : undefined, words: q ? wordsQuery(q) : undefined };
    // Kept while nothing it reads changes (decision 040): releases, their owners, tracks, deliveries, counts.
    const key = `admin-releases ${JSON.stringify([page, pageSize, q, status])}`;
    return cachedJson(
      c,
      key,
      ["releases", "release_streams", "users", "tracks", "deliveries", "row_counts"],
      async () => {
        const { rows, total } = await preparedPage(db, "admin_releases", filters, { page, pageSize }, releasesPage);
        return { items: rows.map(toAdminReleaseDto), total, page, pageSize };
      },
    );
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const release = await createManualRelease(c.get("deps"), c.req.valid("json"));
    return c.json({ release }, 201);
  })
  .openapi(routes.update, async (c) => {
    const admin = await requireAdmin(c);
    const release = await editReleaseMetadata(c.get("deps"), c.req.valid("param").id, c.req.valid("json"), admin.id);
    return c.json({ release }, 200);
  })
  .openapi(routes.approve, async (c) => {
    const admin = await requireAdmin(c);
    const release = await approveRelease(c.get("deps"), c.req.valid("param").id, admin.id);
    return c.json({ release }, 200);
  })
  .openapi(routes.reject, async (c) => {
    const admin = await requireAdmin(c);
    const { notes } = c.req.valid("json");
    const release = await applyAction(
      c.get("deps"),
      c.req.valid("param").id,
      "reject",
      { adminNotes: notes },
      admin.id,
    );
    return c.json({ release }, 200);
  })
  .openapi(routes.takeDown, async (c) => {
    const admin = await requireAdmin(c);
    const release = await takeDownRelease(c.get("deps"), c.req.valid("param").id, admin.id);
    return c.json({ release }, 200);
  })
  .openapi(routes.detail, async (c) => {
    await requireAdmin(c);
    return c.json(await adminReleaseDetail(c.get("deps"), c.req.valid("param").id), 200);
  })
  .openapi(routes.audio, async (c) => {
    await requireAdmin(c);
    const { id, position } = c.req.valid("param");
    const file = await locateReleaseFile(mediaDeps(c), id, { kind: "audio", position });
    return mediaResponse(file.path, file.contentType, c.req.header("range"));
  })
  .openapi(routes.artwork, async (c) => {
    await requireAdmin(c);
    const file = await locateReleaseFile(mediaDeps(c), c.req.valid("param").id, { kind: "artwork" });
    return mediaResponse(file.path, file.contentType, undefined);
  })
  .openapi(routes.recheck, async (c) => {
    await requireAdmin(c);
    await recheckRelease(c.get("deps"), c.req.valid("param").id);
    return c.json({ queued: true as const }, 202);
  })
  .openapi(routes.retryDelivery, async (c) => {
    await requireAdmin(c);
    await retryFailedDelivery(c.get("deps"), c.req.valid("param").id);
    return c.json({ queued: true as const }, 202);
  })
  .openapi(routes.storeLink, async (c) => {
    await requireAdmin(c);
    const { id, store } = c.req.valid("param");
    const saved = await saveStoreLink(c.get("deps"), id, store, c.req.valid("json").url);
    return c.json(saved, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    const id = await deleteRelease(c.get("deps").database.db, c.req.valid("param").id);
    return c.json({ id }, 200);
  });
