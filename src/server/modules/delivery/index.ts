// The delivery module's entry point: other modules and the composition root import only this.

export { ACKNOWLEDGEMENTS_FOLDER, ackPrefix } from "./acknowledgements";
export * from "./delivery.jobs";
export * from "./delivery-service";
export * from "./ern-schema";
export * from "./identifiers";
export * from "./store-health";
export * from "./stores";
export * from "./transports";
