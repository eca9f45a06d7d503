// The quality module's entry point: other modules and the composition root import only this.

export * from "./quality.jobs";
export * from "./quality-check";
