import type { Context } from "hono";
import { API_KEY_MESSAGES, API_KEY_RATE_LIMIT, type ApiScope } from "#domain/api-keys";
import type { AppEnv } from "#server/context";
import { DomainError } from "#server/lib/domain-error";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { keyOf, planAllowsApi, touchKey } from "./api-keys.service";

type Key = NonNullable<Awaited<ReturnType<typeof keyOf>>>;
/** The key a request was authenticated with, once per request (the router's middleware, then the route). */
const authenticated = new WeakMap<Request, Key>();

/**
 * Authenticates the request's bearer key (ours, not revoked, within its rate, on a plan with the API).
 * Runs before a route validates its input, so a caller without a key learns nothing from validation.
 */
export async function authenticateKey(c: Context<AppEnv>): Promise<Key> {
  const known = authenticated.get(c.req.raw);
  if (known) return known;
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new DomainError("unauthenticated", "API_KEY_MISSING", API_KEY_MESSAGES.missing);
  const db = c.get("deps").database.db;
  const key = await keyOf(db, match[1] as string);
  if (!key) throw new DomainError("unauthenticated", "API_KEY_INVALID", API_KEY_MESSAGES.invalid);
  if (key.expiresAt && key.expiresAt <= new Date())
    throw new DomainError("unauthenticated", "API_KEY_EXPIRED", API_KEY_MESSAGES.expired);
  await enforceRateLimit(c, API_KEY_RATE_LIMIT, key.id);
  if (!(await planAllowsApi(db, key.workspaceId)))
    throw new DomainError("forbidden", "PLAN_REQUIRED", API_KEY_MESSAGES.plan);
  await touchKey(db, key.id);
  authenticated.set(c.req.raw, key);
  return key;
}

/**
 * The versioned API's one guard: a bearer key of ours, not revoked, within its rate, on a plan with the
 * API, carrying `scope`. A session cookie is no substitute. Answers the key's workspace.
 */
export async function requireKey(
  c: Context<AppEnv>,
  scope: ApiScope,
): Promise<{ workspaceId: string; keyId: string; actor: { id: string; name: string } }> {
  const key = await authenticateKey(c);
  if (!key.scopes.includes(scope)) throw new DomainError("forbidden", "SCOPE_MISSING", API_KEY_MESSAGES.scope(scope));
  // In the audit log, a change made with a key is the key's, on behalf of whoever created it.
  const actor = { id: key.createdBy ?? key.workspaceId, name: `API key “${key.name}” (${key.prefix}…)` };
  return { workspaceId: key.workspaceId, keyId: key.id, actor };
}
