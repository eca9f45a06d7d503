import type { Db } from "#server/db/client";
import type { JobHandlers } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { MediaStore } from "#server/media/media-store";
import { checkAcknowledgements, createDeliveryJob, type DeliveryConfig } from "./delivery-service";
import type { StoreConfig } from "./stores";
import type { Transport } from "./transports";

const ACKNOWLEDGEMENT_CHECK_MS = 30_000;

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
}): { handlers: JobHandlers; stop(): void } {
  const timer = setInterval(() => {
    checkAcknowledgements(deps.db, deps.config.stores, deps.transport, deps.logger).catch((err) =>
      deps.logger.warn({ err }, "acknowledgement check failed"),
    );
  }, ACKNOWLEDGEMENT_CHECK_MS);
  timer.unref();
  return {
    handlers: { delivery: createDeliveryJob(deps) },
    stop: () => clearInterval(timer),
  };
}
