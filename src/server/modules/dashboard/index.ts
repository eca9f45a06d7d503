// The dashboard module's entry point: other modules and the composition root import only this.
export * from "./admin-dashboard.routes";
export * from "./dashboard.queries";
export * from "./dashboard.routes";
