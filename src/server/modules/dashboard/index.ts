// The dashboard module's entry point: other modules and the composition root import only this.
export { adminDashboardRouter } from "./admin-dashboard.routes";
export { percentChange } from "./dashboard.queries";
export { dashboardRouter } from "./dashboard.routes";
