import type { Db } from "#server/db/client";
import type { JobHandlers, ScheduledTask } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { MediaStore } from "#server/media/media-store";
import { resolvePendingLinks, type StoreLinkResolver } from "#server/modules/store-links";
import { checkAcknowledgements, createDeliveryJob, type DeliveryConfig, type StoreRejection } from "./delivery-service";
import type { StoreConfig } from "./stores";
import type { Transport } from "./transports";

/**
 * The delivery module's background work: sending each queued message (a job per delivery), reading
 * stores' acknowledgements back and looking up where accepted releases went live (scheduled kinds,
 * run once across processes by the queue).
 */
export function deliveryJobs(deps: {
  db: Db;
  media: MediaStore;
  config: DeliveryConfig;
  logger: Logger;
  /** Tests replace how files reach a store (to fail or stall an upload on purpose). */
  transport?: (store: StoreConfig) => Transport;
  /** Find where accepted releases are on stores (none: admins enter links). */
  resolvers?: readonly StoreLinkResolver[];
  /** How often acknowledgements are read back, in seconds; 30 unless set. */
  pollSeconds?: number;
  /** Tells a release's owner that a store rejected it. */
  onRejected?: (rejection: StoreRejection) => Promise<void>;
}): { handlers: JobHandlers; schedule: ScheduledTask[] } {
  const every = deps.pollSeconds ?? 30;
  const schedule: ScheduledTask[] = [
    {
      kind: "delivery-acknowledgements",
      everySeconds: every,
      run: async () => {
        await checkAcknowledgements(deps.db, deps.config.stores, deps.transport, deps.logger, deps.onRejected);
      },
    },
  ];
  if (deps.resolvers?.length) {
    const resolvers = deps.resolvers;
    schedule.push({
      kind: "store-link-lookups",
      everySeconds: every,
      run: async () => {
        await resolvePendingLinks(deps.db, resolvers, deps.logger);
      },
    });
  }
  return { handlers: { delivery: createDeliveryJob(deps) }, schedule };
}
