// Reading the audit log and the admins' list of workspaces (issue 35). Writing is lib/audit-log.ts.
import { z } from "@hono/zod-openapi";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { AUDIT_KINDS } from "#domain/workspaces";
import type { Db } from "#server/db/client";
import { auditLog, workspaceMembers, workspaces } from "#server/db/schema";
import { ownerMatches } from "#server/lib/admin-common";
import { likePattern } from "#server/lib/route-helpers";
import { currentPlanIds } from "#server/modules/subscriptions";

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  kind: z.enum(AUDIT_KINDS).optional(),
  actor: z.string().max(100).optional(),
  /** An artist profile: its own entries and those of the releases crediting it. */
  artist: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export async function auditEntries(db: Db, query: z.infer<typeof auditQuerySchema> & { workspace?: string }) {
  const scope: SQL[] = [];
  if (query.workspace) scope.push(eq(auditLog.workspaceId, query.workspace));
  const filters = [...scope];
  if (query.kind) filters.push(eq(auditLog.kind, query.kind));
  if (query.actor) filters.push(eq(auditLog.actorId, query.actor));
  if (query.artist) {
    filters.push(
      or(
        eq(auditLog.subjectId, query.artist),
        sql`${auditLog.subjectId} in (select release_id::text from release_artists where artist_id = ${query.artist}
          union select t.release_id::text from track_artists ta join tracks t on t.id = ta.track_id
          where ta.artist_id = ${query.artist})`,
      ) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total], actors] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        workspaceId: auditLog.workspaceId,
        workspaceName: workspaces.name,
        actorId: auditLog.actorId,
        actorName: auditLog.actorName,
        kind: auditLog.kind,
        action: auditLog.action,
        subjectId: auditLog.subjectId,
        summary: auditLog.summary,
        summarySaid: auditLog.summarySaid,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(workspaces, eq(workspaces.id, auditLog.workspaceId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    // The people who appear in this log, for the person filter.
    db
      .selectDistinct({ id: sql<string>`${auditLog.actorId}`, name: auditLog.actorName })
      .from(auditLog)
      .where(scope.length ? and(...scope, sql`${auditLog.actorId} is not null`) : sql`${auditLog.actorId} is not null`)
      .limit(200),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    actors,
  };
}

/** Workspaces whose owner's name or e-mail matches, as `id = any(array(...))` (a primary-key lookup). */
function ownedByMatching(db: Db, pattern: string) {
  const owned = db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.role, "owner"), ownerMatches(db, workspaceMembers.userId, pattern)));
  return sql`${workspaces.id} = any(array(${owned}))`;
}

/** The admins' workspace list: the newest hundred, or those whose name or owner matches `q`. */
export function adminWorkspacesQuery(db: Db, q?: string) {
  // Written out in SQL: the subqueries name their tables in full (a select over one table drops them).
  const owner = sql<string | null>`(select u.name from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = workspaces.id and m.role = 'owner' limit 1)`;
  return (
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        createdAt: workspaces.createdAt,
        owner,
        members: sql<number>`(select count(*)::int from workspace_members m where m.workspace_id = workspaces.id)`,
      })
      .from(workspaces)
      // Each arm is an index lookup (trigrams on the workspace's name, the owners found by theirs), so
      // the search never runs the owner subquery for every workspace (issue 36: 2.9 s at p99 on 10,000).
      .where(q ? or(ilike(workspaces.name, likePattern(q)), ownedByMatching(db, likePattern(q))) : undefined)
      .orderBy(desc(workspaces.createdAt))
      .limit(100)
  );
}

/** Every workspace with its current plan, owner and size, for Kalrav's admins. */
export async function adminWorkspaces(db: Db, q?: string) {
  const rows = await adminWorkspacesQuery(db, q);
  // The plan by the subscriptions module's own rule (what is in force today), not a copy of it.
  const plans = await currentPlanIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    plan: plans.get(r.id) ?? null,
    members: Number(r.members),
    createdAt: r.createdAt.toISOString(),
  }));
}
