// The catalogue module's entry point (issue 38): catalogue files (our CSV template, DDEX ERN 4.3)
// checked in a dry run, then imported in the background, keeping their codes.

export { catalogueJobs } from "./import.jobs";
export { catalogueDeps, catalogueRouter, IMPORT_UPLOAD_PATH } from "./import.routes";
export { catalogueImportSchema, importLineSchema, importQuery, linesQuery } from "./import.schema";
export { getImport, listLines, receiveImport, startImport } from "./import.service";
