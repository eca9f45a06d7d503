// The system module's entry point: other modules and the composition root import only this.
export * from "./config.routes";
export * from "./health.routes";
