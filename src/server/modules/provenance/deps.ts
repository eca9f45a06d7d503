// What the provenance module adds to every route's dependencies: the key that signs its records.
import type { ProvenanceSigner } from "./signing-key";

declare module "#server/context" {
  interface AppDeps {
    provenance: ProvenanceSigner;
  }
}
