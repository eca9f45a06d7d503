// The fraud module's entry point (issue 41): other modules and the composition root import only this.

export { adminCasesRouter } from "./admin-cases.routes";
export { CASE_MESSAGE_PATH, casesRouter } from "./cases.routes";
// Its additions to every route's dependencies (AppDeps).
export type {} from "./deps";
export { fraudJobs } from "./fraud.jobs";
export { queueReportScan } from "./warnings";
