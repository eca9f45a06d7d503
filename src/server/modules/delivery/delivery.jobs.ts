import type { Db } from "#server/db/client";
import type { JobHandlers } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { MediaStore } from "#server/media/media-store";
import { resolvePendingLinks, type StoreLinkResolver } from "#server/modules/store-links";
import { checkAcknowledgements, createDeliveryJob, type DeliveryConfig, type StoreRejection } from "./delivery-service";
import type { StoreConfig } from "./stores";
import type { Transport } from "./transports";

/**
 * The delivery module's background work: sending each queued message on the job queue, and a timer
 * that reads stores' acknowledgements back. `stop()` ends the timer.
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
  /** How often acknowledgements are read back; 30 s unless set. */
  pollMs?: number;
  /** Tells a release's owner that a store rejected it. */
  onRejected?: (rejection: StoreRejection) => Promise<void>;
}): { handlers: JobHandlers; stop(): void } {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return; // A slow store never stacks polls on top of each other.
    running = true;
    try {
      await checkAcknowledgements(deps.db, deps.config.stores, deps.transport, deps.logger, deps.onRejected);
      if (deps.resolvers?.length) await resolvePendingLinks(deps.db, deps.resolvers, deps.logger);
    } catch (err) {
      deps.logger.warn({ err }, "acknowledgement check failed");
    } finally {
      running = false;
    }
  }, deps.pollMs ?? 30_000);
  timer.unref();
  return {
    handlers: { delivery: createDeliveryJob(deps) },
    stop: () => clearInterval(timer),
  };
}
