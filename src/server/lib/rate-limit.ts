import type { Context, MiddlewareHandler } from "hono";
import { MESSAGES } from "#domain/messages";
import type { AppEnv } from "#server/context";
import { clientIp } from "./client-ip";
import { ApiError } from "./errors";
import { countRequest } from "./request-counter";

export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

/** Counts one request of `subject` (a user id or client address) against a fixed-window rule and throws 429 past it. */
export async function enforceRateLimit(c: Context<AppEnv>, rule: RateLimitRule, subject: string): Promise<void> {
  const wait = await countRequest(c.get("deps").database.db, `${rule.name}:${subject}`, rule);
  if (wait !== null) {
    c.header("Retry-After", String(wait));
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
