import type { Database } from "#server/db/client";
import type { JobHandlers } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import { createReportImportJob } from "./report-importer";

/** The reports module's background work: importing an uploaded store report. */
export function reportJobs(deps: { database: Database; logger: Logger; reportsDir: string }): JobHandlers {
  return { "store-report": createReportImportJob(deps) };
}
