import { createRoute, z } from "@hono/zod-openapi";
import { REPORT_READERS, REPORT_STATUSES } from "#domain/reports";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { withUncopiedBody } from "#server/lib/uncopied-body";
import { getReport, listReports, receiveReport } from "./reports.service";

export const REPORT_UPLOAD_PATH = "/api/admin/reports";

const reportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    sizeBytes: z.number().int(),
    status: z.enum(REPORT_STATUSES),
    processedRows: z.number().int(),
    importedRows: z.number().int(),
    errorRows: z.number().int(),
    failure: z.string().nullable(),
    readBy: z.enum(REPORT_READERS).nullable().openapi({
      description: "Who read the rows: PostgreSQL's COPY (checked in the database) or the server, row by row",
    }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("StoreReport");
const detailSchema = reportSchema.extend({ errors: z.array(z.object({ line: z.number().int(), reason: z.string() })) });

const routes = {
  upload: createRoute({
    method: "post",
    path: "/admin/reports",
    tags: ["Admin", "Reports"],
    summary: "Upload a store report (the CSV file as the request body, text/csv); it is imported in the background",
    request: { query: z.object({ name: z.string().trim().min(1).max(200) }) },
    responses: {
      202: json(z.object({ report: reportSchema }), "Queued"),
      400: err("Empty or not CSV"),
      409: err("This file was imported before"),
      413: err("Too large"),
      ...adminErrors,
    },
  }),
  list: createRoute({
    method: "get",
    path: "/admin/reports",
    tags: ["Admin", "Reports"],
    summary: "The 50 newest store reports with their progress",
    responses: { 200: json(z.object({ reports: z.array(reportSchema) }), "Reports"), ...adminErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/admin/reports/{id}",
    tags: ["Admin", "Reports"],
    summary: "One report with the rows it refused, by line number",
    request: { params: idParams },
    responses: { 200: json(z.object({ report: detailSchema }), "Report"), 404: err("No such report"), ...adminErrors },
  }),
};

// Thin routes: validate, authorize, call the service (reports.service.ts), shape the answer.
export const reportsRouter = createRouter()
  .openapi(routes.upload, async (c) => {
    const admin = await requireAdmin(c);
    // The file's bytes as the socket brought them, not copied once more, as uploads take theirs
    // (decision 053).
    const body = withUncopiedBody(c.req.raw, c.env).body as import("node:stream/web").ReadableStream | null;
    const report = await receiveReport(c.get("deps"), body, c.req.valid("query").name, admin.id);
    return c.json({ report }, 202);
  })
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    c.header("Cache-Control", "no-store");
    return c.json({ reports: await listReports(c.get("deps").database.db) }, 200);
  })
  .openapi(routes.get, async (c) => {
    await requireAdmin(c);
    return c.json({ report: await getReport(c.get("deps").database.db, c.req.valid("param").id) }, 200);
  });
