import { eq } from "drizzle-orm";
import { type Said, say } from "#domain/i18n";
import type { AuditKind } from "#domain/workspaces";
import type { Db, Tx } from "#server/db/client";
import { auditLog, users } from "#server/db/schema";

export interface AuditActor {
  id: string;
  name: string;
}

/** What acted when no person did: a payment the gateway confirmed, a scheduled job. */
export interface SystemActor {
  id: null;
  name: string;
}

export interface AuditEntry {
  workspaceId: string | null;
  /** The person, or only their id (a Kalrav admin acting for support): their name is read here. */
  actor: AuditActor | SystemActor | string;
  kind: AuditKind;
  action: string;
  subjectId?: string | null;
  /** What happened, by catalogue key: kept with the entry, so each reader reads it in their language. */
  summary: Said;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one entry to the audit log (issue 35), inside the caller's transaction so the entry and the
 * change it records stand or fall together. Secrets go in as SECRET_CHANGED, never as their value.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry) {
  const actor =
    typeof entry.actor === "string"
      ? {
          id: entry.actor,
          name:
            (await db.select({ name: users.name }).from(users).where(eq(users.id, entry.actor)))[0]?.name ?? "Unknown",
        }
      : entry.actor;
  await db.insert(auditLog).values({
    workspaceId: entry.workspaceId,
    actorId: actor.id,
    actorName: actor.name,
    kind: entry.kind,
    action: entry.action,
    subjectId: entry.subjectId ?? null,
    summary: say(entry.summary),
    summarySaid: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The fields of `after` that differ from `before`, each side with only those fields. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}
