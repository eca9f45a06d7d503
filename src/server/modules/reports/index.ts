// The reports module's entry point: other modules and the composition root import only this.
export * from "./report-importer";
export * from "./reports.jobs";
export * from "./reports.routes";
