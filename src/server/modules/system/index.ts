// The system module's entry point: other modules and the composition root import only this.
export { configRouter } from "./config.routes";
export { healthRouter } from "./health.routes";
