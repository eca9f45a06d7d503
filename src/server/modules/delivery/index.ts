// The delivery module's entry point: other modules and the composition root import only this.

export { ACKNOWLEDGEMENTS_FOLDER, ackPrefix } from "./acknowledgements";
export { adminDeliveriesRouter } from "./admin-deliveries.routes";
export { deliveryJobs } from "./delivery.jobs";
export { deliveryFields } from "./delivery.schema";
export type { DeliveryConfig } from "./delivery-service";
export {
  checkAcknowledgements,
  createDeliveryJob,
  queueReleaseDeliveries,
  queueTakedowns,
  queueUpdates,
  releaseAwaitingDeliveries,
  retryDelivery,
} from "./delivery-service";
// Its additions to every route's dependencies (AppDeps).
export type {} from "./deps";
export type { ErnSnapshot, ErnTrack } from "./ern";
export { buildNewReleaseMessage } from "./ern";
export { createErnValidator, defaultSchemaDir } from "./ern-schema";
export type { IdentifierConfig } from "./identifiers";
export { assignIdentifiers, claimReleaseCodes, DELIVERED_STATUSES, releaseTypedCodes } from "./identifiers";
export { resumeStore, storeOverview } from "./store-health";
export type { StoreConfig } from "./stores";
export { loadStores, storeFormat, verdictStores } from "./stores";
export type { Transport } from "./transports";
