// The support module's entry point: other modules and the composition root import only this.
export * from "./admin-tickets.routes";
export * from "./contact.routes";
export * from "./tickets.routes";
