// The users module's entry point: other modules and the composition root import only this.
export { adminUsersRouter } from "./admin-users.routes";
export { sessionRouter } from "./session.routes";
export { AVATAR_UPLOAD_PATH, settingsRouter } from "./settings.routes";
