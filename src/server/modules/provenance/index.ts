// The provenance module's entry point: other modules and the composition root import only this.

// Its additions to every route's dependencies (AppDeps).
export type {} from "./deps";
export { provenanceRouter } from "./provenance.routes";
export { provenancePages } from "./provenance-page";
export type { ProvenanceSigner } from "./signing-key";
export { loadOrCreateSigner } from "./signing-key";
