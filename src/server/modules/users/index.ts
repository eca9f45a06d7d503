// The users module's entry point: other modules and the composition root import only this.
export * from "./admin-users.routes";
export * from "./session.routes";
export * from "./settings.routes";
