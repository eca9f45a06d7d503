// What the delivery module adds to every route's dependencies: its stores and the identifier ranges
// it assigns ISRCs and UPCs from. Declared here, not in context.ts, so infrastructure never names a
// module (issue 34); the composition root (server.ts) sets them.
import type { DeliveryConfig } from "./delivery-service";
import type { IdentifierConfig } from "./identifiers";

declare module "#server/context" {
  interface AppDeps {
    delivery: DeliveryConfig;
    identifiers: IdentifierConfig;
  }
}
