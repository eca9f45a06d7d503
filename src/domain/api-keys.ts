/**
 * API keys (issue 38): a workspace's owners and admins create keys for their own software, each with
 * the scopes it needs; a key is shown once, kept only as its SHA-256, sent as a bearer token to the
 * versioned API under /api/v1, rate-limited per key, and refused at once when revoked.
 */
import { z } from "zod";
import { labelsAt } from "./i18n";

export const API_SCOPES = ["releases:read", "releases:write", "analytics:read", "royalties:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Readonly<Record<ApiScope, string>> = labelsAt("api.scope", API_SCOPES);

/** Every key starts so, so a leaked one is recognisable (secret scanners look for prefixes). */
export const API_KEY_PREFIX = "kal_live_";
/** Characters of a key kept in clear to name it in lists ("kal_live_AbCd…"). */
export const API_KEY_SHOWN = 13;
/** Keys one workspace may hold (revoked ones excluded). */
export const API_KEYS_MAX = 20;
/** Requests one key may make a minute. */
export const API_KEY_RATE_LIMIT = { name: "api-key", max: 120, windowSeconds: 60 } as const;
/** How long a POST's first answer is kept for its retries. */
export const IDEMPOTENCY_HOURS = 24;
/** The largest page a list answers. */
export const API_PAGE_MAX = 100;

/** How long a new key lasts: a key that expires limits what a leaked one can do. */
export const API_KEY_LIFETIMES = ["30", "90", "365", "never"] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number];
export const API_KEY_LIFETIME_LABELS: Readonly<Record<ApiKeyLifetime, string>> = labelsAt(
  "api.lifetime",
  API_KEY_LIFETIMES,
);

export const apiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the key after what uses it, e.g. “Label website”.")
    .max(60, "At most 60 characters."),
  scopes: z
    .array(z.enum(API_SCOPES, { message: "Choose scopes from the list." }))
    .min(1, "Choose at least one scope.")
    .transform((s) => [...new Set(s)]),
  expiresIn: z.enum(API_KEY_LIFETIMES, { message: "Choose how long the key lasts." }).default("90"),
});
export type ApiKeyInput = z.infer<typeof apiKeySchema>;

export const API_KEY_MESSAGES = {
  missing: "Send your API key as a bearer token: Authorization: Bearer kal_live_…",
  invalid: "This API key is not valid: it was revoked, or never existed. Create a new one in Settings → Developers.",
  expired: "This API key has expired. Create a new one in Settings → Developers.",
  scope: (scope: ApiScope) =>
    `This API key does not have the ${scope} scope. Create a key with it in Settings → Developers.`,
  plan: "API access comes with the Label Plan. Choose it on the Subscription page to create keys and use them.",
  tooMany: `A workspace holds at most ${API_KEYS_MAX} keys: revoke one you no longer use.`,
  notFound: "API key not found.",
  badCursor: "This cursor is not one we gave: start again without it.",
  idempotencyMissing:
    "Send an Idempotency-Key header (e.g. a UUID) with every POST, so a retry never creates anything twice.",
  idempotencyMismatch: "This Idempotency-Key was used with a different request. Use a new key for a new request.",
  idempotencyRunning: "The first request with this Idempotency-Key is still running: retry in a moment.",
} as const;
