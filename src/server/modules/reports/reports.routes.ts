import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createRoute, z } from "@hono/zod-openapi";
import { desc, eq } from "drizzle-orm";
import { REPORT_MAX_BYTES, REPORT_STATUSES } from "#domain/reports";
import { requireAdmin } from "#server/auth/guards";
import { storeReports } from "#server/db/schema";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { err, json } from "#server/lib/route-helpers";
import { registerReport } from "./report-importer";

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

type Row = typeof storeReports.$inferSelect;
const toReport = (r: Row) => ({
  id: r.id,
  fileName: r.fileName,
  sizeBytes: r.sizeBytes,
  status: r.status as (typeof REPORT_STATUSES)[number],
  processedRows: r.processedRows,
  importedRows: r.importedRows,
  errorRows: r.errorRows,
  failure: r.failure,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export const reportsRouter = createRouter()
  .openapi(routes.upload, async (c) => {
    const admin = await requireAdmin(c);
    const { name } = c.req.valid("query");
    const { database, reportsDir, jobs } = c.get("deps");
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, "VALIDATION_ERROR", "The report file is empty.");

    // Streamed to disk while hashing: a large report is never held in memory.
    await fsp.mkdir(reportsDir, { recursive: true });
    const temp = path.join(reportsDir, `upload-${randomUUID()}.part`);
    const hash = createHash("sha256");
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > REPORT_MAX_BYTES)
          return done(new ApiError(413, "PAYLOAD_TOO_LARGE", "The report is larger than 512 MB."));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(body as import("node:stream/web").ReadableStream),
        meter,
        fs.createWriteStream(temp),
      );
      if (size === 0) throw new ApiError(400, "VALIDATION_ERROR", "The report file is empty.");
      const row = await registerReport(database.db, reportsDir, {
        tempPath: temp,
        fileName: name,
        sha256: hash.digest("hex"),
        sizeBytes: size,
        uploadedBy: admin.id,
      });
      jobs.kick();
      return c.json({ report: toReport(row) }, 202);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  })
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const rows = await c
      .get("deps")
      .database.db.select()
      .from(storeReports)
      .orderBy(desc(storeReports.createdAt))
      .limit(50);
    c.header("Cache-Control", "no-store");
    return c.json({ reports: rows.map(toReport) }, 200);
  })
  .openapi(routes.get, async (c) => {
    await requireAdmin(c);
    const [row] = await c
      .get("deps")
      .database.db.select()
      .from(storeReports)
      .where(eq(storeReports.id, c.req.valid("param").id));
    if (!row) throw new ApiError(404, "NOT_FOUND", "Report not found.");
    return c.json({ report: { ...toReport(row), errors: row.errors } }, 200);
  });
