// The uploads module's entry point: other modules and the composition root import only this.

export { createPostgresLocker } from "./postgres-locker";
export type { UploadServer } from "./upload-server";
export { createUploadServer, UPLOADS_PATH } from "./upload-server";
export { handleUpload, uploadCheckSchema, uploadsRouter } from "./uploads.routes";
export { claimUploads, finishedUpload, uploadVerdict } from "./uploads.service";
