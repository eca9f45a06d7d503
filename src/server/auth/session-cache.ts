import type { SessionUser } from "./session-user";

/**
 * Signed-in users of recent read requests, by session cookie (and chosen workspace), for a few seconds: a burst of reads
 * costs one session lookup instead of one per request. Any state-changing request clears it (sign
 * out, suspension, profile changes take effect at once in this process); a change made by another
 * server process is seen here within `ttlMs`.
 */
export interface SessionCache {
  get(token: string): SessionUser | null | undefined;
  /** Counts clears: a lookup that began before a clear must not store its (maybe stale) answer. */
  generation(): number;
  set(token: string, user: SessionUser | null, generation: number): void;
  clear(): void;
}

export const SESSION_CACHE_TTL_MS = 5_000;

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, maxEntries = 10_000): SessionCache {
  const entries = new Map<string, { user: SessionUser | null; expires: number }>();
  let generation = 0;
  return {
    generation: () => generation,
    get(token) {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.expires < Date.now()) {
        entries.delete(token);
        return undefined;
      }
      return hit.user;
    },
    set(token, user, seen) {
      if (seen !== generation) return;
      if (entries.size >= maxEntries) {
        // Maps keep insertion order: drop the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { user, expires: Date.now() + ttlMs });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value (the signed token), or undefined when the request has none. */
export function sessionCookie(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}
