// The quality module's entry point: other modules and the composition root import only this.

export { matchingFiles } from "./audio-checks";
export { preflightRelease } from "./preflight";
export { qualityJobs } from "./quality.jobs";
export { createQualityCheck, queueQualityCheck } from "./quality-check";
