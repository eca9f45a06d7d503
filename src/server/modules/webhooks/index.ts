// The webhooks module's entry point (issue 38): the endpoints a workspace registers and the job that
// sends each signed message. The events themselves are recorded by the events module.
export type { WebhookConfig } from "./deps";
export { webhookJobs } from "./webhooks.jobs";
export { webhookEndpointsRouter } from "./webhooks.routes";
