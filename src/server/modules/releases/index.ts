// The releases module's entry point: other modules and the composition root import only this.

export { adminReleasesRouter } from "./admin-releases.routes";
export { tellOwnerOfRejection } from "./admin-releases.service";
export { createDraft, getDraft, replaceDraft, submitDraft, validateDraft } from "./drafts.service";
export { publicReleasePages } from "./public-page";
export type { ReleaseDto } from "./release.schema";
export { releaseColumns, releaseSchema, toReleaseDto } from "./release.schema";
export { storeVerdictSchema } from "./release-detail";
export { releaseDetailSchema, releasesRouter } from "./releases.routes";
export { getRelease, insertRelease, submitRelease } from "./releases.service";
