// The app's one request counter (decision 049): our routes' rate limits (`rate-limit.ts`) and the auth
// library's count here, in the database, so that several server processes share them.
import { randomUUID } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import type { ScheduledTask } from "#server/jobs/queue";

/** What the auth library asks of a rate-limit store (the type its options name). */
type AuthRateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;

/** A counter is kept a day after its window began, longer than any rule's window (the longest is an hour). */
const COUNTER_KEPT_SECONDS = 24 * 3600;

/**
 * Counts one request under `key` in a fixed window of `windowSeconds`, in one statement: answers the
 * seconds to wait once it is past `max`, or null. Counted in the database so that several server
 * processes share it. The one counter of the app: our routes' limits and the auth library's
 * (`authRateLimitStorage`) both count here.
 */
export async function countRequest(db: Db, key: string, rule: { max: number; windowSeconds: number }) {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`);
  const [row] = rowsOf<{ count: number; last_request: string | number }>(result);
  if (!row || row.count <= rule.max) return null;
  return Math.max(1, Math.ceil((Number(row.last_request) + rule.windowSeconds * 1000 - now) / 1000));
}

/**
 * The auth library's limits counted by `countRequest` (its own database storage took three statements
 * a request: a read, an update and, now and then, a clean-up). The library still picks the rule and the
 * key (the client address and the path) and answers the 429 itself.
 */
export function authRateLimitStorage(db: Db): AuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const wait = await countRequest(db, `auth:${key}`, { max: rule.max, windowSeconds: rule.window });
      return { allowed: wait === null, retryAfter: wait };
    },
  };
}

/** Counters whose window ended long ago (an address seen once, say): dropped by the hourly upkeep. */
export function rateLimitSchedule(db: Db): ScheduledTask[] {
  return [
    {
      kind: "rate-limit-cleanup",
      everySeconds: 3600,
      run: async () => {
        await db.execute(sql`delete from rate_limits where last_request < ${Date.now() - COUNTER_KEPT_SECONDS * 1000}`);
      },
    },
  ];
}
