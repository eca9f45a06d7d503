// Idempotency-Key for every POST of the versioned API (issue 38), as payment APIs do it: the first
// request with a key runs and its answer is kept; a retry with the same key and the same body gets
// that answer again (marked Idempotent-Replayed) and creates nothing; the same key with another body
// is refused; a retry while the first still runs is told to wait. Keys are per workspace.
import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_KEY_MESSAGES, IDEMPOTENCY_HOURS } from "#domain/api-keys";
import type { AppEnv } from "#server/context";
import { apiIdempotency } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

const KEY = /^[\w.:-]{8,200}$/;

/**
 * Runs `act` once per (workspace, Idempotency-Key); answers its result, or the first result again.
 * A failure (a thrown refusal) keeps nothing, so the retry runs again.
 */
export async function idempotent<T extends object, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  workspaceId: string,
  request: unknown,
  act: () => Promise<{ status: S; body: T }>,
): Promise<{ status: S; body: T }> {
  const key = c.req.header("idempotency-key") ?? "";
  if (!KEY.test(key)) throw new DomainError("invalid", "IDEMPOTENCY_KEY_MISSING", API_KEY_MESSAGES.idempotencyMissing);
  const db = c.get("deps").database.db;
  const requestHash = createHash("sha256")
    .update(`${c.req.method} ${c.req.path}\n${JSON.stringify(request)}`)
    .digest("hex");
  // Kept a day: an older key is free again.
  await db.execute(sql`
    delete from api_idempotency where workspace_id = ${workspaceId} and key = ${key}
      and created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`);
  const claimed = await db
    .insert(apiIdempotency)
    .values({ workspaceId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  if (!claimed.length) {
    const [first] = await db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.key, key)));
    if (!first || first.requestHash !== requestHash)
      throw new DomainError("conflict", "IDEMPOTENCY_MISMATCH", API_KEY_MESSAGES.idempotencyMismatch);
    if (first.status === null)
      throw new DomainError("conflict", "IDEMPOTENCY_IN_PROGRESS", API_KEY_MESSAGES.idempotencyRunning);
    c.header("Idempotent-Replayed", "true");
    return { status: first.status as S, body: first.body as T };
  }
  let answer: { status: S; body: T };
  try {
    answer = await act();
  } catch (err) {
    await db
      .delete(apiIdempotency)
      .where(
        and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.key, key), isNull(apiIdempotency.status)),
      );
    throw err;
  }
  await db
    .update(apiIdempotency)
    .set({ status: answer.status, body: answer.body })
    .where(and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.key, key)));
  return answer;
}
