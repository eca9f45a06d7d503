import type { MiddlewareHandler } from "hono";
import { t } from "#domain/i18n";
import { errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state-changing requests: a POST/PUT/PATCH/DELETE must come from one of our
 * origins, and one that carries a cookie must say where it comes from at all.
 */
export function originGuard(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const hasCookie = Boolean(c.req.header("cookie"));
    if ((origin && !trusted.has(origin)) || (!origin && hasCookie)) {
      return c.json(errorBody("INVALID_ORIGIN", t("server.sameSite")), 403);
    }
    return next();
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * PUBLIC_URL's origin; when that is itself local, also localhost and 127.0.0.1 on our port so a local
 * install works either way. A public deployment trusts its public origin only: a page served from
 * someone's localhost must not be able to act on a production account.
 */
export function trustedOriginsFor(publicUrl: string, port: number): string[] {
  const origin = new URL(publicUrl);
  if (!LOCAL_HOSTS.has(origin.hostname)) return [origin.origin];
  return [...new Set([origin.origin, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
}
