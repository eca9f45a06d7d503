// The quality module's entry point: other modules and the composition root import only this.

export { qualityJobs } from "./quality.jobs";
export { createQualityCheck, queueQualityCheck } from "./quality-check";
