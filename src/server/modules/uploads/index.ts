// The uploads module's entry point: other modules and the composition root import only this.
export * from "./upload-server";
export * from "./uploads.routes";
export { claimUploads, finishedUpload } from "./uploads.service";
