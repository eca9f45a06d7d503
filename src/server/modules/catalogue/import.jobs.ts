import type { ClaimedJob, JobHandlers } from "#server/jobs/queue";
import { type CatalogueDeps, checkImport, failImport, runImport } from "./import.service";

/** Runs a step; on its last attempt an unexpected error marks the import failed, with the reason. */
async function lastAttemptFails(deps: CatalogueDeps, job: ClaimedJob, step: () => Promise<void>) {
  try {
    await step();
  } catch (err) {
    if (job.attempts >= job.maxAttempts) await failImport(deps.db, job.ref, (err as Error).message);
    throw err;
  }
}

/** The catalogue module's background work: a file's dry run, then its import once confirmed. */
export function catalogueJobs(deps: () => CatalogueDeps): JobHandlers {
  return {
    "catalogue-check": (job) => lastAttemptFails(deps(), job, () => checkImport(deps(), job.ref)),
    "catalogue-import": (job, signal) => lastAttemptFails(deps(), job, () => runImport(deps(), job.ref, signal)),
  };
}
