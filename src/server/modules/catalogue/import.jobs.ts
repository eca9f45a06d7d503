import type { JobHandlers } from "#server/jobs/queue";
import { type CatalogueDeps, checkImport, runImport } from "./import.service";

/** The catalogue module's background work: a file's dry run, then its import once confirmed. */
export function catalogueJobs(deps: () => CatalogueDeps): JobHandlers {
  return {
    "catalogue-check": async (job) => {
      await checkImport(deps(), job.ref);
    },
    "catalogue-import": async (job, signal) => {
      await runImport(deps(), job.ref, signal);
    },
  };
}
