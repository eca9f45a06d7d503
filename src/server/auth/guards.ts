import type { Context } from "hono";
import { normalizeRole } from "#domain/roles";
import type { AppEnv, SessionUser } from "#server/context";
import { ApiError } from "#server/lib/errors";
import { sessionCookie } from "./session-cache";

/** The signed-in user, or null. The session is looked up once per request and kept on the context. */
export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const known = c.get("sessionUser");
  if (known !== undefined) return known;
  const user = await lookupSessionUser(c);
  c.set("sessionUser", user);
  return user;
}

const READS = new Set(["GET", "HEAD"]);

async function lookupSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const token = sessionCookie(c.req.header("cookie"));
  if (!token) return null;
  const cache = c.get("deps").sessionCache;
  // Reads may use a session checked moments ago; a state-changing request always checks the database.
  const cacheable = READS.has(c.req.method);
  if (cacheable) {
    const cached = cache.get(token);
    if (cached !== undefined) return cached;
  }
  const generation = cache.generation();
  const user = await verifySession(c);
  if (cacheable) cache.set(token, user, generation);
  return user;
}

async function verifySession(c: Context<AppEnv>): Promise<SessionUser | null> {
  const result = await c.get("deps").auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) return null;
  const { user } = result;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: normalizeRole(user.role),
    image: user.image ?? null,
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  return user;
}

export async function requireAdmin(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await requireUser(c);
  if (user.role !== "admin") throw new ApiError(403, "FORBIDDEN", "Only administrators can do this.");
  return user;
}
