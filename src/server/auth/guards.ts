import type { Context } from "hono";
import { AUTH_STEP_UP_MESSAGES, STEP_UP_AFTER_MINUTES } from "#domain/auth";
import { t } from "#domain/i18n";
import { normalizeRole } from "#domain/roles";
import { can, type Permission, WHOLE_WORKSPACE, WORKSPACE_MESSAGES } from "#domain/workspaces";
import { userLocale } from "#server/auth/session-user";
import type { AppEnv, SessionUser } from "#server/context";
import { ApiError } from "#server/lib/errors";
import { accountPasswordMatches } from "./password";
import { sessionCookie } from "./session-cache";
import type { ActiveWorkspace } from "./session-user";
import { activeWorkspaceBySession, workspaceCookie } from "./workspace-membership";

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
  const wanted = workspaceCookie(c.req.header("cookie"));
  const key = `${token}|${wanted ?? ""}`;
  if (cacheable) {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
  }
  const generation = cache.generation();
  const user = await verifySession(c, token, wanted);
  if (cacheable) cache.set(key, user, generation);
  return user;
}

async function verifySession(
  c: Context<AppEnv>,
  token: string,
  wanted: string | undefined,
): Promise<SessionUser | null> {
  // The membership is read by the session's token beside the library's own check, so it costs no
  // extra round trip; it counts only once the library has verified the session (and its signature).
  const [result, membership] = await Promise.all([
    c.get("deps").auth.api.getSession({ headers: c.req.raw.headers }),
    activeWorkspaceBySession(c.get("deps").database.db, token, wanted),
  ]);
  if (!result) return null;
  const { user, session } = result;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: normalizeRole(user.role),
    image: user.image ?? null,
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    locale: userLocale(user),
    signedInAt: new Date(session.createdAt),
    workspace: membership && membership.userId === user.id ? membership.workspace : null,
  };
}

/**
 * A change that decides where money goes (payee details, a payout request) needs a recent sign-in,
 * or the account's password again (issue 34: a borrowed or stolen session could send an artist's
 * money elsewhere). Refused with REAUTH_REQUIRED, which the screens answer by asking for it.
 */
export async function requireRecentSignIn(c: Context<AppEnv>, user: SessionUser, password: string | undefined) {
  if (Date.now() - user.signedInAt.getTime() <= STEP_UP_AFTER_MINUTES * 60_000) return;
  if (password && (await accountPasswordMatches(c.get("deps").database.db, user.id, password))) return;
  throw new ApiError(
    403,
    "REAUTH_REQUIRED",
    password ? AUTH_STEP_UP_MESSAGES.wrongPassword : AUTH_STEP_UP_MESSAGES.passwordNeeded,
  );
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw new ApiError(401, "UNAUTHORIZED", t("server.signIn"));
  return user;
}

export async function requireAdmin(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await requireUser(c);
  if (user.role !== "admin") throw new ApiError(403, "FORBIDDEN", t("server.adminsOnly"));
  return user;
}

/**
 * The one authorization question for a workspace's data (issue 35): the signed-in person, acting in
 * their active workspace, with a role that may do `permission`. Routes then look things up by the
 * workspace's id, so another workspace's ids answer 404 as before.
 */
export async function requireMember(
  c: Context<AppEnv>,
  permission: Permission,
  opts: { wholeWorkspace?: boolean } = {},
): Promise<{ user: SessionUser; workspace: ActiveWorkspace }> {
  const user = await requireUser(c);
  const workspace = user.workspace;
  if (!workspace) throw new ApiError(403, "NO_WORKSPACE", WORKSPACE_MESSAGES.noWorkspace);
  if (!can(workspace.role, permission)) {
    throw new ApiError(403, "FORBIDDEN", WORKSPACE_MESSAGES.forbidden(workspace.role));
  }
  // A member limited to some artists sees those artists' things only, never a whole-workspace view.
  if (workspace.artistScope && (opts.wholeWorkspace || WHOLE_WORKSPACE.includes(permission))) {
    throw new ApiError(403, "SCOPED", WORKSPACE_MESSAGES.scoped);
  }
  return { user, workspace };
}
