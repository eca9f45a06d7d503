/**
 * API keys (issue 38): a workspace's owners and admins create keys for their own software, each with
 * the scopes it needs; a key is shown once, kept only as its SHA-256, sent as a bearer token to the
 * versioned API under /api/v1, rate-limited per key, and refused at once when revoked.
 */
import { z } from "zod";
import { labelsAt, t } from "./i18n";

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
    .min(1, { error: () => t("apiKey.msg.nameRequired") })
    .max(60, { error: () => t("apiKey.msg.nameLong") }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: () => t("apiKey.msg.scopeList") }))
    .min(1, { error: () => t("apiKey.msg.scopeNone") })
    .transform((s) => [...new Set(s)]),
  expiresIn: z.enum(API_KEY_LIFETIMES, { error: () => t("apiKey.msg.lifetime") }).default("90"),
});
export type ApiKeyInput = z.infer<typeof apiKeySchema>;

export const API_KEY_MESSAGES = Object.assign(
  labelsAt("apiKey.msg", [
    "missing",
    "invalid",
    "expired",
    "plan",
    "notFound",
    "badCursor",
    "idempotencyMissing",
    "idempotencyMismatch",
    "idempotencyRunning",
  ]),
  {
    scope: (scope: ApiScope) => t("apiKey.msg.scope", { scope }),
    get tooMany() {
      return t("apiKey.msg.tooMany", { max: API_KEYS_MAX });
    },
  },
);
