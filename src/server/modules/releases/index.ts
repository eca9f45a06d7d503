// The releases module's entry point: other modules and the composition root import only this.

export * from "./admin-deliveries.routes";
export * from "./admin-releases.routes";
export { tellOwnerOfRejection } from "./admin-releases.service";
export * from "./public-page";
export * from "./release.schema";
export * from "./releases.routes";
