// The store-links module's entry point: where releases are on stores (resolvers, admin entries)
// and the counts of their public pages. Other modules import only this.
export * from "./resolvers";
export * from "./store-links";
