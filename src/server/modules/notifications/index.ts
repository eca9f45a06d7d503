// The notifications module's entry point: other modules and the composition root import only this.
export * from "./notifications.routes";
export * from "./notify";
