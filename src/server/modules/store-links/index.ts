// The store-links module's entry point: where releases are on stores (resolvers, admin entries)
// and the counts of their public pages. Other modules import only this.

export type { StoreLinkResolver } from "./resolvers";
export { resolversFromEnv } from "./resolvers";
export {
  countLinkEvent,
  linkStats,
  releaseStoreLinks,
  resolvePendingLinks,
  setStoreLink,
  storeLinkSchedule,
} from "./store-links";
