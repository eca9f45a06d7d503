import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { preparedQuery } from "#server/db/prepared";
import { sessions, workspaceMembers, workspaces } from "#server/db/schema";
import type { ActiveWorkspace } from "./session-user";

/** The browser's choice of workspace (the top bar's switcher); the server checks membership on every use. */
export const WORKSPACE_COOKIE = "kalrav_workspace";
const WORKSPACE_COOKIE_PATTERN = /(?:^|;\s*)kalrav_workspace=([^;]+)/;

export function workspaceCookie(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader ? WORKSPACE_COOKIE_PATTERN.exec(cookieHeader)?.[1] : undefined;
  return value ? decodeURIComponent(value).slice(0, 100) : undefined;
}

/**
 * The workspace a session acts in, by the session's token: the one asked for when the session's user
 * is a member, else their personal workspace, else the first they joined. One indexed query; the
 * caller trusts it only after the auth library has verified the same session.
 */
export async function activeWorkspaceBySession(
  db: Db,
  signedToken: string,
  wanted: string | undefined,
): Promise<{ userId: string; workspace: ActiveWorkspace } | null> {
  // The cookie holds "token.signature"; the sessions table keeps the token.
  const token = decodeURIComponent(signedToken).split(".")[0] ?? "";
  const query = preparedQuery(db, "active_workspace_by_session", (d, name) =>
    d
      .select({
        userId: sessions.userId,
        id: workspaces.id,
        name: workspaces.name,
        role: workspaceMembers.role,
        artistScope: workspaceMembers.artistScope,
      })
      .from(sessions)
      .innerJoin(workspaceMembers, eq(workspaceMembers.userId, sessions.userId))
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(sessions.token, sql.placeholder("token")))
      .orderBy(
        sql`(${workspaceMembers.workspaceId} = ${sql.placeholder("wanted")}) desc`,
        sql`(${workspaceMembers.workspaceId} = ${sessions.userId}) desc`,
        asc(workspaceMembers.createdAt),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ token, wanted: wanted ?? "" });
  return row
    ? { userId: row.userId, workspace: { id: row.id, name: row.name, role: row.role, artistScope: row.artistScope } }
    : null;
}
