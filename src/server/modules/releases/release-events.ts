import { z } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import { RELEASE_EVENT_KINDS, type ReleaseEventKind } from "#domain/releases";
import type { Db, Tx } from "#server/db/client";
import { releaseEvents } from "#server/db/schema";
import { emitReleaseStatusChanged } from "#server/modules/events";

/**
 * Adds an entry to a release's history, inside the transaction that made it happen (after the status
 * changed), and tells the workspace's webhook endpoints that asked for status changes.
 */
export async function recordReleaseEvent(
  tx: Pick<Tx, "insert" | "execute">,
  releaseId: string,
  kind: ReleaseEventKind,
  extra: { note?: string | null; actorId?: string | null } = {},
) {
  await tx.insert(releaseEvents).values({ releaseId, kind, note: extra.note ?? null, actorId: extra.actorId ?? null });
  await emitReleaseStatusChanged(tx, releaseId, kind, extra.note ?? null);
}

export const releaseEventSchema = z.object({
  kind: z.enum(RELEASE_EVENT_KINDS),
  note: z.string().nullable(),
  at: z.string().openapi({ description: "When it happened (ISO 8601)" }),
});

/** A release's history, oldest first (who acted is not shown to the artist). */
export async function releaseHistory(db: Pick<Db, "select">, releaseId: string) {
  const rows = await db
    .select({ kind: releaseEvents.kind, note: releaseEvents.note, at: releaseEvents.createdAt })
    .from(releaseEvents)
    .where(eq(releaseEvents.releaseId, releaseId))
    .orderBy(asc(releaseEvents.createdAt), asc(releaseEvents.id));
  return rows.map((r) => ({ kind: r.kind as ReleaseEventKind, note: r.note, at: r.at.toISOString() }));
}
