// Store reports' use cases (receiving an upload, listing, reading one), as plain functions over their
// dependencies: no HTTP here. The import itself runs on the job queue (report-importer.ts).

import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { desc, eq } from "drizzle-orm";
import { t } from "#domain/i18n";
import { REPORT_MAX_BYTES, type REPORT_READERS, type REPORT_STATUSES } from "#domain/reports";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { storeReports } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { registerReport } from "./report-importer";

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
  readBy: r.readBy as (typeof REPORT_READERS)[number] | null,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

const empty = () => new DomainError("invalid", "VALIDATION_ERROR", t("server.reportEmpty"));

/**
 * Receives an uploaded report: streamed to disk while hashing (a large report is never held in
 * memory), registered, and its import queued.
 */
export async function receiveReport(
  deps: Pick<AppDeps, "database" | "reportsDir" | "jobs">,
  body: ReadableStream | null,
  fileName: string,
  uploadedBy: string,
) {
  if (!body) throw empty();
  await fsp.mkdir(deps.reportsDir, { recursive: true });
  const temp = path.join(deps.reportsDir, `upload-${randomUUID()}.part`);
  const hash = createHash("sha256");
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      // The stream is cut as soon as the size is known to be over.
      if (size > REPORT_MAX_BYTES)
        return done(new DomainError("too_large", "PAYLOAD_TOO_LARGE", t("server.reportTooLarge")));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body), meter, fs.createWriteStream(temp));
    if (size === 0) throw empty();
    const row = await registerReport(deps.database.db, deps.reportsDir, {
      tempPath: temp,
      fileName,
      sha256: hash.digest("hex"),
      sizeBytes: size,
      uploadedBy,
    });
    deps.jobs.kick();
    return toReport(row);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

/** The fifty newest reports. */
export async function listReports(db: Db) {
  const rows = await db.select().from(storeReports).orderBy(desc(storeReports.createdAt)).limit(50);
  return rows.map(toReport);
}

/** One report with the rows it refused, by line number. */
export async function getReport(db: Db, id: string) {
  const [row] = await db.select().from(storeReports).where(eq(storeReports.id, id));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.reportNotFound"));
  return { ...toReport(row), errors: row.errors };
}
