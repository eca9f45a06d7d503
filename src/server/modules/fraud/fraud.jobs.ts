import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import type { JobHandlers } from "#server/jobs/queue";
import { scanReport } from "./warnings";

/** The fraud module's background work: reading an imported report for early warnings. */
export function fraudJobs(deps: Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db }): JobHandlers {
  return {
    "stream-warnings": async (job) => {
      await scanReport(deps, job.ref);
    },
  };
}
