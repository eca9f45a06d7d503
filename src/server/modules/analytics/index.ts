// The analytics module's entry point: other modules and the composition root import only this.
export { analyticsRouter } from "./analytics.routes";
