import { createRoute, z } from "@hono/zod-openapi";
import { t } from "#domain/i18n";
import { RELEASE_STATUSES, RELEASE_TYPES, releaseInputSchema } from "#domain/releases";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { findingSchema } from "#server/lib/finding-schema";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { cachedJson, err as error, json } from "#server/lib/route-helpers";
import { mediaResponse } from "#server/media/serve-media";
import { releasesInScope, requireArtistNameInScope, requireReleaseInScope } from "#server/modules/artists";
import { verdictStores } from "#server/modules/delivery";
import { preflightRelease } from "#server/modules/quality";
import { releaseIdParams, releaseSchema } from "./release.schema";
import {
  deliveryStateSchema,
  publicPageSchema,
  qualitySchema,
  storeStateSchema,
  storeVerdictSchema,
  trackSchema,
} from "./release-detail";
import { releaseEventSchema } from "./release-events";
import { fileVersionSchema, locateReleaseFile, releaseFileParams } from "./release-files";
import { getRelease, listReleases, submitRelease, updateRelease, withdrawRelease } from "./releases.service";

export const releaseDetailSchema = z.object({
  release: releaseSchema,
  tracks: z.array(trackSchema),
  files: z.array(fileVersionSchema),
  quality: qualitySchema,
  /** Each store's verdict on the release as it stands (issue 40). */
  verdict: storeVerdictSchema,
  delivery: deliveryStateSchema,
  /** Where the release is, store by store. */
  stores: z.array(storeStateSchema),
  publicPage: publicPageSchema,
  history: z.array(releaseEventSchema),
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

const preflightRoute = createRoute({
  method: "post",
  path: "/releases/preflight",
  tags: ["Releases"],
  summary: "Each store's verdict on a release before it is submitted: what will pass, what will be refused, and why",
  request: {
    /** `release`: the artist's release being edited, judged as the changes would leave it (not as its own copy). */
    query: z.object({ release: z.uuid({ message: t("server.releaseNotFound") }).optional() }),
    body: { content: { "application/json": { schema: releaseInputSchema } }, required: true },
  },
  responses: {
    200: json(
      z.object({ findings: z.array(findingSchema), verdict: storeVerdictSchema }),
      'The findings so far and the verdict of every store ("checking" while uploads are still measured)',
    ),
    400: error("Invalid input"),
    401: error("Signed out"),
    404: error("The release being edited is not yours or absent"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/releases/{id}",
  tags: ["Releases"],
  summary: "One of the artist's releases with its tracks, quality report and delivery state",
  request: { params: releaseIdParams },
  responses: {
    200: json(releaseDetailSchema, "Release"),
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

const audioRoute = createRoute({
  method: "get",
  path: "/releases/{id}/tracks/{position}/audio",
  tags: ["Releases"],
  summary: "A track's checked audio, to listen to (byte ranges supported)",
  request: { params: releaseFileParams },
  responses: {
    200: { description: "The audio file", content: { "audio/wav": { schema: z.any() } } },
    206: { description: "The requested byte range" },
    401: error("Signed out"),
    404: error("Not yours, absent, or not checked yet"),
    416: { description: "Range outside the file" },
  },
});

const artworkRoute = createRoute({
  method: "get",
  path: "/releases/{id}/artwork",
  tags: ["Releases"],
  summary: "The release's checked artwork",
  request: { params: releaseIdParams },
  responses: {
    200: { description: "The image", content: { "image/jpeg": { schema: z.any() } } },
    401: error("Signed out"),
    404: error("Not yours, absent, or not checked yet"),
  },
});

const UPLOAD_RATE_LIMIT = { name: "release-uploads", max: 30, windowSeconds: 60 };

// Thin routes: validate, authorize, call the service, shape the answer.
export const releasesRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    const db = c.get("deps").database.db;
    const query = c.req.valid("query");
    const scope = workspace.artistScope;
    // Kept while nothing it reads changes (decision 040): the releases, their deliveries, their artists.
    const key = `releases ${workspace.id} ${scope?.join(",") ?? "*"} ${JSON.stringify(query)}`;
    return cachedJson(c, key, ["releases", "release_streams", "deliveries", "release_artists"], async () => {
      const releases = await listReleases(db, workspace.id, query);
      if (!scope) return { releases };
      // A member limited to some artists sees theirs only.
      const visible = await releasesInScope(
        db,
        scope,
        releases.map((r) => r.id),
      );
      return { releases: releases.filter((r) => visible.has(r.id)) };
    });
  })
  .openapi(createReleaseRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write");
    const input = c.req.valid("json");
    await enforceRateLimit(c, UPLOAD_RATE_LIMIT, user.id);
    const deps = c.get("deps");
    await requireArtistNameInScope(deps.database.db, workspace.id, workspace.artistScope, input.artistName);
    const release = await submitRelease(
      { db: deps.database.db, jobs: deps.jobs, identifiers: deps.identifiers },
      workspace.id,
      input,
      user,
    );
    return c.json({ release }, 201);
  })
  .openapi(preflightRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:write");
    const deps = c.get("deps");
    const editing = c.req.valid("query").release;
    if (editing) await requireReleaseInScope(deps.database.db, workspace.artistScope, editing);
    const stores = verdictStores(deps.delivery.stores);
    const result = await preflightRelease(
      { db: deps.database.db, stores },
      workspace.id,
      c.req.valid("json"),
      c.req.valid("query").release,
    );
    return c.json(result, 200);
  })
  .openapi(getRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    const deps = c.get("deps");
    await requireReleaseInScope(deps.database.db, workspace.artistScope, c.req.valid("param").id);
    const detail = await getRelease(
      { db: deps.database.db, stores: deps.delivery.stores },
      workspace.id,
      c.req.valid("param").id,
    );
    return c.json(detail, 200);
  })
  .openapi(updateRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write");
    const deps = c.get("deps");
    await requireReleaseInScope(deps.database.db, workspace.artistScope, c.req.valid("param").id);
    await requireArtistNameInScope(
      deps.database.db,
      workspace.id,
      workspace.artistScope,
      c.req.valid("json").artistName,
    );
    const release = await updateRelease(
      { db: deps.database.db, jobs: deps.jobs, identifiers: deps.identifiers },
      workspace.id,
      c.req.valid("param").id,
      c.req.valid("json"),
      user,
    );
    return c.json({ release }, 200);
  })
  .openapi(audioRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    const { id, position } = c.req.valid("param");
    const deps = c.get("deps");
    await requireReleaseInScope(deps.database.db, workspace.artistScope, id);
    const file = await locateReleaseFile(
      { db: deps.database.db, media: deps.media },
      id,
      { kind: "audio", position },
      workspace.id,
    );
    return mediaResponse(file.path, file.contentType, c.req.header("range"));
  })
  .openapi(artworkRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    const deps = c.get("deps");
    await requireReleaseInScope(deps.database.db, workspace.artistScope, c.req.valid("param").id);
    const file = await locateReleaseFile(
      { db: deps.database.db, media: deps.media },
      c.req.valid("param").id,
      { kind: "artwork" },
      workspace.id,
    );
    return mediaResponse(file.path, file.contentType, undefined);
  })
  .openapi(deleteRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write");
    await requireReleaseInScope(c.get("deps").database.db, workspace.artistScope, c.req.valid("param").id);
    const id = await withdrawRelease(c.get("deps").database.db, workspace.id, c.req.valid("param").id, user);
    return c.json({ id }, 200);
  });
