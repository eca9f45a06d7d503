// The payments module's entry point: other modules and the composition root import only this.

export * from "#server/lib/payment-gateway";
export * from "./admin-payments.routes";
export * from "./billing.routes";
export * from "./payments-config";
export { paymentSchedule, sendPlanReminders } from "./reminders";
export * from "./signatures";
export * from "./webhooks.routes";
export { receiveWebhook } from "./webhooks.service";
