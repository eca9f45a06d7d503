import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/context";
import { getSessionUser, requireAdmin, requireUser } from "./guards";

/** API areas that need a signed-in user; everything under /api/admin needs an admin. */
const SIGNED_IN_PREFIXES = [
  "/api/tickets",
  "/api/releases",
  "/api/dashboard",
  "/api/subscription",
  "/api/billing",
  "/api/checkouts",
  "/api/invoices",
  "/api/test-gateway",
  "/api/profile",
  "/api/payee-details",
  "/api/split-templates",
  "/api/notification-preferences",
  "/api/language",
  "/api/notifications",
  "/api/royalties",
  "/api/analytics",
  "/api/workspaces",
  "/api/workspace",
  "/api/artists",
  "/api/cases",
  "/api/api-keys",
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Authenticates before a route validates its input, so a signed-out caller learns nothing from
 * validation messages, and resolves the session once for the whole request.
 */
export function accessControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (under(path, "/api/admin")) await requireAdmin(c);
    else if (SIGNED_IN_PREFIXES.some((p) => under(path, p))) await requireUser(c);
    else if (path === "/api/session") await getSessionUser(c);
    await next();
  };
}
