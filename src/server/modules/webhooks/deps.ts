// What the webhooks module adds to every route's dependencies: the secrets' encryption and where
// messages may go. Declared here, not in context.ts, so infrastructure never names a module.
import type { Encryptor } from "#server/lib/encryption";

export interface WebhookConfig {
  /** Seals endpoints' signing secrets at rest (we need them back to sign). */
  encryptor: Encryptor;
  /** "host:port" entries that may be private (tests, a receiver on the same network), from FETCH_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  /** How long an endpoint has to answer. */
  timeoutMs: number;
}

declare module "#server/context" {
  interface AppDeps {
    webhooks: WebhookConfig;
  }
}
