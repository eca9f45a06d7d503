// The notifications module's entry point: other modules and the composition root import only this.
export { notificationsRouter } from "./notifications.routes";
export { type NoticeToUser, notifyUser } from "./notify";
