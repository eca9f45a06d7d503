// The payments module's entry point: other modules and the composition root import only this.

export { adminPaymentsRouter } from "./admin-payments.routes";
export { billingRouter } from "./billing.routes";
export { createPayments, testPaymentsRefusal } from "./payments-config";
export { paymentSchedule, sendPlanReminders } from "./reminders";
export { webhooksRouter } from "./webhooks.routes";
export { receiveWebhook } from "./webhooks.service";
