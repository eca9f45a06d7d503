// The analytics module's entry point: other modules and the composition root import only this.
export { analyticsQuery, analyticsRouter, analyticsSchema } from "./analytics.routes";
export { loadAnalytics } from "./analytics.service";
