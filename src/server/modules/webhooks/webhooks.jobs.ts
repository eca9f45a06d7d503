import type { Db } from "#server/db/client";
import type { JobHandlers } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { WebhookConfig } from "./deps";
import { sendWebhook } from "./sender";

/** The webhooks module's background work: one attempt at one message per job, retried with the queue's backoff. */
export function webhookJobs(deps: { db: Db; logger: Logger; webhooks: WebhookConfig }): JobHandlers {
  return {
    webhook: async (job) => {
      await sendWebhook(deps, job);
    },
  };
}
