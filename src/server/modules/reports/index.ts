// The reports module's entry point: other modules and the composition root import only this.
export { createReportImportJob, registerReport } from "./report-importer";
export { reportJobs } from "./reports.jobs";
export { REPORT_UPLOAD_PATH, reportsRouter } from "./reports.routes";
