import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { MESSAGES } from "#domain/messages";
import type { AppEnv } from "#server/context";
import { clientIp } from "./client-ip";
import { ApiError } from "./errors";

export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request of `subject` (a user id or client address) against a fixed-window rule and
 * throws 429 past it. Counted in the database so that several server processes share it (the
 * table the auth library uses for its own limits).
 */
export async function enforceRateLimit(c: Context<AppEnv>, rule: RateLimitRule, subject: string): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const result = await c.get("deps").database.db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number; last_request: string | number }[] }).rows[0];
  if (row && row.count > rule.max) {
    const retryAfter = Math.max(1, Math.ceil((Number(row.last_request) + rule.windowSeconds * 1000 - now) / 1000));
    c.header("Retry-After", String(retryAfter));
    throw new ApiError(429, "TOO_MANY_REQUESTS", MESSAGES.rateLimited);
  }
}

/** The same limit per client address, for routes open to signed-out visitors. */
export function rateLimitByAddress(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimit(c, rule, clientIp(c, c.get("deps").trustProxy));
    await next();
  };
}
