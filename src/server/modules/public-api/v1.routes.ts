// The versioned public API (issue 38), read side: what a label's own software needs to follow its
// catalogue — artists, releases with their per-store delivery state, analytics and royalties. Every
// route takes an API key (Settings → Developers) with the scope it names, answers the same shapes as
// the app's own routes and the one error shape, and pages lists with a cursor.

import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, sql } from "drizzle-orm";
import { API_PAGE_MAX } from "#domain/api-keys";
import { IMPORT_MESSAGES } from "#domain/catalogue-import";
import { t } from "#domain/i18n";
import { DRAFT_MESSAGES, releaseInputSchema } from "#domain/releases";
import { releases } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { findingSchema } from "#server/lib/finding-schema";
import { err, json } from "#server/lib/route-helpers";
import { analyticsQuery, analyticsSchema, loadAnalytics } from "#server/modules/analytics";
import { authenticateKey, requireKey } from "#server/modules/api-keys";
import { artistSchema, listArtists } from "#server/modules/artists";
import {
  catalogueDeps,
  catalogueImportSchema,
  getImport,
  importLineSchema,
  importQuery,
  linesQuery,
  listLines,
  receiveImport,
  startImport,
} from "#server/modules/catalogue";
import { verdictStores } from "#server/modules/delivery";
import { preflightRelease } from "#server/modules/quality";
import {
  createDraft,
  getDraft,
  getRelease,
  releaseColumns,
  releaseDetailSchema,
  releaseSchema,
  replaceDraft,
  storeVerdictSchema,
  submitDraft,
  submitRelease,
  toReleaseDto,
  validateDraft,
} from "#server/modules/releases";
import { loadRoyalties, royaltiesSchema } from "#server/modules/royalties";
import { uploadCheckSchema, uploadVerdict } from "#server/modules/uploads";
import { decodeCursor, encodeCursor } from "./cursor";
import { idempotent } from "./idempotency";

const importId = z.object({ id: z.uuid({ message: IMPORT_MESSAGES.notFound }) });
const draftId = z.object({ id: z.uuid({ message: DRAFT_MESSAGES.notFound }) });
/** A draft holds whatever the release's fields are so far (the release form's JSON, any part of it). */
const draftBody = z.record(z.string(), z.unknown()).openapi({ description: "The release's fields so far" });
const draftProblem = z.object({ field: z.string(), message: z.string() });
const draftSchema = z
  .object({
    id: z.string(),
    input: z.record(z.string(), z.unknown()),
    problems: z.array(draftProblem).openapi({ description: "What the release schema still refuses; empty: complete" }),
    releaseId: z.string().nullable().openapi({ description: "The release it became once submitted" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    submittedAt: z.string().nullable(),
  })
  .openapi("ReleaseDraft");
const keyErrors = {
  400: err("Invalid parameters"),
  401: err("No API key, or one that is revoked or unknown (API_KEY_MISSING, API_KEY_INVALID)"),
  403: err("The key lacks the scope, or the plan has no API (SCOPE_MISSING, PLAN_REQUIRED)"),
  429: err("Too many requests for this key"),
};
const security = [{ apiKey: [] }];

const routes = {
  artists: createRoute({
    method: "get",
    path: "/v1/artists",
    tags: ["API v1"],
    security,
    summary: "The workspace's artist profiles (scope releases:read)",
    responses: { 200: json(z.object({ artists: z.array(artistSchema) }), "Artists"), ...keyErrors },
  }),
  releases: createRoute({
    method: "get",
    path: "/v1/releases",
    tags: ["API v1"],
    security,
    summary: "The workspace's releases, newest first, a page at a time (scope releases:read)",
    request: {
      query: z.object({
        cursor: z.string().max(200).optional().openapi({ description: "nextCursor of the page before" }),
        limit: z.coerce.number().int().min(1).max(API_PAGE_MAX).default(50),
      }),
    },
    responses: {
      200: json(
        z.object({
          releases: z.array(releaseSchema),
          nextCursor: z.string().nullable().openapi({ description: "null on the last page" }),
        }),
        "Releases",
      ),
      ...keyErrors,
    },
  }),
  release: createRoute({
    method: "get",
    path: "/v1/releases/{id}",
    tags: ["API v1"],
    security,
    summary: "One release with its tracks, quality report and delivery state store by store (scope releases:read)",
    request: { params: z.object({ id: z.uuid({ message: t("server.releaseNotFound") }) }) },
    responses: { 200: json(releaseDetailSchema, "Release"), 404: err("Not this workspace's"), ...keyErrors },
  }),
  analytics: createRoute({
    method: "get",
    path: "/v1/analytics",
    tags: ["API v1"],
    security,
    summary: "Streams and listeners over a date range, royalties for its months (scope analytics:read)",
    request: { query: analyticsQuery },
    responses: { 200: json(analyticsSchema, "Analytics"), ...keyErrors },
  }),
  validate: createRoute({
    method: "post",
    path: "/v1/releases/validate",
    tags: ["API v1"],
    security,
    summary:
      "Check a release before submitting it: the quality check's findings (blocking or warning, each with its fix) and every store's verdict; nothing is saved (scope releases:write)",
    request: {
      headers: z.object({ "idempotency-key": z.string().optional() }),
      body: { content: { "application/json": { schema: releaseInputSchema } }, required: true },
    },
    responses: {
      200: json(z.object({ findings: z.array(findingSchema), verdict: storeVerdictSchema }), "Findings and verdicts"),
      409: err("The Idempotency-Key was used with another request (IDEMPOTENCY_MISMATCH)"),
      ...keyErrors,
    },
  }),
  submit: createRoute({
    method: "post",
    path: "/v1/releases",
    tags: ["API v1"],
    security,
    summary:
      "Submit a release for review (links to audio and artwork, or uploads already made); send an Idempotency-Key: a retry creates nothing twice (scope releases:write)",
    request: {
      headers: z.object({ "idempotency-key": z.string().optional() }),
      body: { content: { "application/json": { schema: releaseInputSchema } }, required: true },
    },
    responses: {
      201: json(z.object({ release: releaseSchema }), "Submitted, pending review"),
      409: err(
        "A UPC or ISRC another release holds, the Idempotency-Key used with another request (IDEMPOTENCY_MISMATCH), or its first request still running (IDEMPOTENCY_IN_PROGRESS)",
      ),
      ...keyErrors,
    },
  }),
  upload: createRoute({
    method: "get",
    path: "/v1/uploads/{id}",
    tags: ["API v1"],
    security,
    summary:
      "An upload made through /api/uploads (tus, with the key as a bearer token): whether it is complete, and the quality check's findings (scope releases:write)",
    request: { params: z.object({ id: z.string().max(64) }) },
    responses: {
      200: json(z.object({ upload: uploadCheckSchema }), "Upload"),
      404: err("Not this workspace's"),
      ...keyErrors,
    },
  }),
  draftCreate: createRoute({
    method: "post",
    path: "/v1/drafts",
    tags: ["API v1"],
    security,
    summary:
      "Start a release as a draft with what you have (the release's fields; uploads can be attached later); send an Idempotency-Key (scope releases:write)",
    request: {
      headers: z.object({ "idempotency-key": z.string().optional() }),
      body: { content: { "application/json": { schema: draftBody } }, required: true },
    },
    responses: { 201: json(z.object({ draft: draftSchema }), "Draft"), ...keyErrors },
  }),
  draftGet: createRoute({
    method: "get",
    path: "/v1/drafts/{id}",
    tags: ["API v1"],
    security,
    summary: "A draft, with what the release schema still refuses in it (scope releases:read)",
    request: { params: draftId },
    responses: { 200: json(z.object({ draft: draftSchema }), "Draft"), 404: err("Not this workspace's"), ...keyErrors },
  }),
  draftReplace: createRoute({
    method: "put",
    path: "/v1/drafts/{id}",
    tags: ["API v1"],
    security,
    summary: "Replace a draft's fields, e.g. to attach uploads once they finish (scope releases:write)",
    request: { params: draftId, body: { content: { "application/json": { schema: draftBody } }, required: true } },
    responses: {
      200: json(z.object({ draft: draftSchema }), "Draft"),
      404: err("Not this workspace's"),
      409: err("Submitted already (DRAFT_SUBMITTED)"),
      ...keyErrors,
    },
  }),
  draftValidate: createRoute({
    method: "post",
    path: "/v1/drafts/{id}/validate",
    tags: ["API v1"],
    security,
    summary:
      "What is missing, and once complete the quality check's findings and every store's verdict; nothing is saved (scope releases:write)",
    request: { params: draftId, headers: z.object({ "idempotency-key": z.string().optional() }) },
    responses: {
      200: json(
        z.object({
          problems: z.array(draftProblem),
          findings: z.array(findingSchema),
          verdict: storeVerdictSchema.nullable(),
        }),
        "Check",
      ),
      404: err("Not this workspace's"),
      ...keyErrors,
    },
  }),
  draftSubmit: createRoute({
    method: "post",
    path: "/v1/drafts/{id}/submit",
    tags: ["API v1"],
    security,
    summary:
      "Submit a complete draft for review: it becomes a release; an incomplete one is refused with 400 DRAFT_INCOMPLETE and each problem in details (scope releases:write)",
    request: { params: draftId, headers: z.object({ "idempotency-key": z.string().optional() }) },
    responses: {
      201: json(z.object({ release: releaseSchema }), "Submitted, pending review"),
      404: err("Not this workspace's"),
      409: err("Submitted already, or a UPC or ISRC another release holds"),
      ...keyErrors,
    },
  }),
  importCreate: createRoute({
    method: "post",
    path: "/v1/catalogue-imports",
    tags: ["API v1"],
    security,
    summary:
      "Send a catalogue file as the body (our CSV template, or a DDEX ERN 4.3 NewReleaseMessage): its dry run starts; send an Idempotency-Key (scope releases:write)",
    request: { query: importQuery, headers: z.object({ "idempotency-key": z.string().optional() }) },
    responses: {
      202: json(z.object({ import: catalogueImportSchema }), "Received: the dry run is running"),
      409: err("The Idempotency-Key was used with another request"),
      413: err("Larger than 20 MB"),
      ...keyErrors,
    },
  }),
  importGet: createRoute({
    method: "get",
    path: "/v1/catalogue-imports/{id}",
    tags: ["API v1"],
    security,
    summary:
      "An import: its dry run's counts (OK, warning, blocking, already there) and its progress (scope releases:read)",
    request: { params: importId },
    responses: {
      200: json(z.object({ import: catalogueImportSchema }), "Import"),
      404: err("Not this workspace's"),
      ...keyErrors,
    },
  }),
  importLines: createRoute({
    method: "get",
    path: "/v1/catalogue-imports/{id}/lines",
    tags: ["API v1"],
    security,
    summary: "The dry run release by release, each finding with its fix, 50 a page (scope releases:read)",
    request: { params: importId, query: linesQuery },
    responses: {
      200: json(
        z.object({ lines: z.array(importLineSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
        "Lines",
      ),
      404: err("Not this workspace's"),
      ...keyErrors,
    },
  }),
  importStart: createRoute({
    method: "post",
    path: "/v1/catalogue-imports/{id}/start",
    tags: ["API v1"],
    security,
    summary: "Import what the dry run passed, in the background; send an Idempotency-Key (scope releases:write)",
    request: { params: importId, headers: z.object({ "idempotency-key": z.string().optional() }) },
    responses: {
      202: json(z.object({ import: catalogueImportSchema }), "Started"),
      404: err("Not this workspace's"),
      409: err("Not checked yet, already run, nothing to import, or the Idempotency-Key used with another request"),
      ...keyErrors,
    },
  }),
  royalties: createRoute({
    method: "get",
    path: "/v1/royalties",
    tags: ["API v1"],
    security,
    summary: "Earnings, balance, payouts and TDS of the workspace (scope royalties:read)",
    responses: { 200: json(royaltiesSchema, "Royalties"), ...keyErrors },
  }),
};

const router = createRouter();
// The key first, before any route validates its input.
router.use("/v1/*", async (c, next) => {
  await authenticateKey(c);
  await next();
});

export const v1Router = router
  .openapi(routes.artists, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    const { artists } = await listArtists(c.get("deps").database.db, workspaceId);
    return c.json({ artists }, 200);
  })
  .openapi(routes.releases, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    const { cursor, limit } = c.req.valid("query");
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = await c
      .get("deps")
      .database.db.select(releaseColumns)
      .from(releases)
      .where(
        and(
          eq(releases.userId, workspaceId),
          after
            ? sql`(${releases.submittedAt}, ${releases.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(releases.submittedAt), desc(releases.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json(
      {
        releases: page.map(toReleaseDto),
        nextCursor: rows.length > limit && last ? encodeCursor(last.submittedAt, last.id) : null,
      },
      200,
    );
  })
  .openapi(routes.release, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    const deps = c.get("deps");
    return c.json(
      await getRelease({ db: deps.database.db, stores: deps.delivery.stores }, workspaceId, c.req.valid("param").id),
      200,
    );
  })
  .openapi(routes.analytics, async (c) => {
    const { workspaceId } = await requireKey(c, "analytics:read");
    const { from, to } = c.req.valid("query");
    return c.json(await loadAnalytics(c.get("deps").database.db, workspaceId, from, to), 200);
  })
  .openapi(routes.validate, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:write");
    const deps = c.get("deps");
    const input = c.req.valid("json");
    const stores = verdictStores(deps.delivery.stores);
    const answer = await idempotent(c, workspaceId, input, async () => ({
      status: 200 as const,
      body: await preflightRelease({ db: deps.database.db, stores }, workspaceId, input),
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.submit, async (c) => {
    const { workspaceId, actor } = await requireKey(c, "releases:write");
    const deps = c.get("deps");
    const input = c.req.valid("json");
    const answer = await idempotent(c, workspaceId, input, async () => ({
      status: 201 as const,
      body: {
        release: await submitRelease(
          { db: deps.database.db, jobs: deps.jobs, identifiers: deps.identifiers },
          workspaceId,
          input,
          actor,
        ),
      },
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.upload, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:write");
    return c.json(
      { upload: await uploadVerdict(c.get("deps").database.db, workspaceId, c.req.valid("param").id) },
      200,
    );
  })
  .openapi(routes.draftCreate, async (c) => {
    const { workspaceId, actor } = await requireKey(c, "releases:write");
    const input = c.req.valid("json");
    const answer = await idempotent(c, workspaceId, input, async () => ({
      status: 201 as const,
      body: { draft: await createDraft(c.get("deps").database.db, workspaceId, actor.id, input) },
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.draftGet, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    return c.json({ draft: await getDraft(c.get("deps").database.db, workspaceId, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.draftReplace, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:write");
    const draft = await replaceDraft(
      c.get("deps").database.db,
      workspaceId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ draft }, 200);
  })
  .openapi(routes.draftValidate, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:write");
    const deps = c.get("deps");
    const id = c.req.valid("param").id;
    const stores = verdictStores(deps.delivery.stores);
    const answer = await idempotent(c, workspaceId, { id }, async () => ({
      status: 200 as const,
      body: await validateDraft({ db: deps.database.db, stores }, workspaceId, id),
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.draftSubmit, async (c) => {
    const { workspaceId, actor } = await requireKey(c, "releases:write");
    const deps = c.get("deps");
    const id = c.req.valid("param").id;
    const answer = await idempotent(c, workspaceId, { id }, async () => ({
      status: 201 as const,
      body: {
        release: await submitDraft(
          { db: deps.database.db, jobs: deps.jobs, identifiers: deps.identifiers },
          workspaceId,
          id,
          actor,
        ),
      },
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.importCreate, async (c) => {
    const { workspaceId, actor } = await requireKey(c, "releases:write");
    const query = c.req.valid("query");
    const body = new Uint8Array(await c.req.arrayBuffer());
    const digest = createHash("sha256").update(body).digest("hex");
    const answer = await idempotent(c, workspaceId, { ...query, digest }, async () => ({
      status: 202 as const,
      body: {
        import: await receiveImport(catalogueDeps(c.get("deps")), actor, workspaceId, {
          format: query.format,
          fileName: query.name,
          aiAnswer: query.ai,
          body,
        }),
      },
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.importGet, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    return c.json({ import: await getImport(c.get("deps").database.db, workspaceId, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.importLines, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:read");
    const { status, page } = c.req.valid("query");
    return c.json(
      await listLines(c.get("deps").database.db, workspaceId, c.req.valid("param").id, { status, page, pageSize: 50 }),
      200,
    );
  })
  .openapi(routes.importStart, async (c) => {
    const { workspaceId } = await requireKey(c, "releases:write");
    const id = c.req.valid("param").id;
    const answer = await idempotent(c, workspaceId, { id }, async () => ({
      status: 202 as const,
      body: { import: await startImport(catalogueDeps(c.get("deps")), workspaceId, id) },
    }));
    return c.json(answer.body, answer.status);
  })
  .openapi(routes.royalties, async (c) => {
    const { workspaceId } = await requireKey(c, "royalties:read");
    const deps = c.get("deps");
    return c.json(await loadRoyalties({ db: deps.database.db, payouts: deps.payouts }, workspaceId), 200);
  });
