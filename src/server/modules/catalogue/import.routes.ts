import { createRoute, z } from "@hono/zod-openapi";
import { catalogueTemplateCsv, IMPORT_MESSAGES } from "#domain/catalogue-import";
import { requireMember } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { createRouter } from "#server/lib/create-router";
import { err, fileDownload, json } from "#server/lib/route-helpers";
import { verdictStores } from "#server/modules/delivery";
import { catalogueImportSchema, importLineSchema, importQuery, linesQuery } from "./import.schema";
import { type CatalogueDeps, getImport, listImports, listLines, receiveImport, startImport } from "./import.service";

/** Where catalogue files are posted (its body limit is the import's own, set in app.ts). */
export const IMPORT_UPLOAD_PATH = "/api/catalogue-imports";

/** What the import's functions need, from the app's dependencies. */
export const catalogueDeps = (deps: AppDeps): CatalogueDeps => ({
  db: deps.database.db,
  jobs: deps.jobs,
  stores: verdictStores(deps.delivery.stores),
  identifiers: deps.identifiers,
  logger: deps.logger,
});

const errors = { 401: err("Signed out"), 403: err("Not allowed in this workspace, or no bulk tools on its plan") };
const idParam = z.object({ id: z.uuid({ message: IMPORT_MESSAGES.notFound }) });
const PAGE_SIZE = 50;

const routes = {
  template: createRoute({
    method: "get",
    path: "/catalogue-imports/template",
    tags: ["Catalogue import"],
    summary: "The CSV template: one row per track, every column named and two example rows",
    responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } }, ...errors },
  }),
  create: createRoute({
    method: "post",
    path: "/catalogue-imports",
    tags: ["Catalogue import"],
    summary: "Send a catalogue file (our CSV or a DDEX ERN 4.3 message) as the body: its dry run starts",
    request: { query: importQuery },
    responses: {
      202: json(z.object({ import: catalogueImportSchema }), "Received: the dry run is running"),
      400: err("Empty, missing columns, not CSV, not an ERN 4.3 message"),
      413: err("Larger than 20 MB"),
      ...errors,
    },
  }),
  list: createRoute({
    method: "get",
    path: "/catalogue-imports",
    tags: ["Catalogue import"],
    summary: "The workspace's 20 newest imports with their progress",
    responses: { 200: json(z.object({ imports: z.array(catalogueImportSchema) }), "Imports"), ...errors },
  }),
  get: createRoute({
    method: "get",
    path: "/catalogue-imports/{id}",
    tags: ["Catalogue import"],
    summary: "One import: its dry run's counts and its progress",
    request: { params: idParam },
    responses: {
      200: json(z.object({ import: catalogueImportSchema }), "Import"),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
  lines: createRoute({
    method: "get",
    path: "/catalogue-imports/{id}/lines",
    tags: ["Catalogue import"],
    summary: "The dry run release by release: OK, warning or blocking, each finding with its fix (50 a page)",
    request: { params: idParam, query: linesQuery },
    responses: {
      200: json(
        z.object({ lines: z.array(importLineSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
        "Lines",
      ),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
  start: createRoute({
    method: "post",
    path: "/catalogue-imports/{id}/start",
    tags: ["Catalogue import"],
    summary: "Import the releases the dry run passed (OK and warning), in the background",
    request: { params: idParam },
    responses: {
      202: json(z.object({ import: catalogueImportSchema }), "Started"),
      404: err("Not this workspace's"),
      409: err("Not checked yet, already run, or nothing to import"),
      ...errors,
    },
  }),
};

// Thin routes: validate, authorize, call the service (import.service.ts), shape the answer.
export const catalogueRouter = createRouter()
  .openapi(routes.template, async (c) => {
    await requireMember(c, "releases:read", { wholeWorkspace: true });
    return fileDownload(catalogueTemplateCsv(), "text/csv; charset=utf-8", "kalrav-catalogue-template.csv");
  })
  .openapi(routes.create, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write", { wholeWorkspace: true });
    const { format, name, ai } = c.req.valid("query");
    const body = new Uint8Array(await c.req.arrayBuffer());
    const created = await receiveImport(catalogueDeps(c.get("deps")), { id: user.id, name: user.name }, workspace.id, {
      format,
      fileName: name,
      aiAnswer: ai,
      body,
    });
    return c.json({ import: created }, 202);
  })
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "releases:read", { wholeWorkspace: true });
    c.header("Cache-Control", "no-store");
    return c.json({ imports: await listImports(c.get("deps").database.db, workspace.id) }, 200);
  })
  .openapi(routes.get, async (c) => {
    const { workspace } = await requireMember(c, "releases:read", { wholeWorkspace: true });
    c.header("Cache-Control", "no-store");
    return c.json({ import: await getImport(c.get("deps").database.db, workspace.id, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.lines, async (c) => {
    const { workspace } = await requireMember(c, "releases:read", { wholeWorkspace: true });
    const { status, page } = c.req.valid("query");
    const answer = await listLines(c.get("deps").database.db, workspace.id, c.req.valid("param").id, {
      status,
      page,
      pageSize: PAGE_SIZE,
    });
    return c.json(answer, 200);
  })
  .openapi(routes.start, async (c) => {
    const { workspace } = await requireMember(c, "releases:write", { wholeWorkspace: true });
    const started = await startImport(catalogueDeps(c.get("deps")), workspace.id, c.req.valid("param").id);
    return c.json({ import: started }, 202);
  });
