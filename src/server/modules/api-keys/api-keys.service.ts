// API keys (issue 38) as plain functions over the database: no HTTP here. A key's secret exists only
// in the answer that creates it; the database keeps its SHA-256 (a key is long and random, so a fast
// hash is enough: there is nothing to guess) and its first characters to name it in lists.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN,
  API_KEYS_MAX,
  type ApiKeyInput,
  type ApiScope,
} from "#domain/api-keys";
import { PLANS, type PlanId } from "#domain/plans";
import type { Db } from "#server/db/client";
import { apiKeys } from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { currentSubscription } from "#server/modules/subscriptions";

type KeyRow = typeof apiKeys.$inferSelect;
export const hashKey = (secret: string) => createHash("sha256").update(secret).digest("hex");

const toKey = (k: KeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ApiScope[],
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** Whether the workspace's plan in force (paid) includes the API. */
export async function planAllowsApi(db: Db, workspaceId: string): Promise<boolean> {
  const current = await currentSubscription(db, workspaceId);
  return Boolean(current && current.status === "active" && PLANS[current.planId as PlanId]?.apiAccess);
}

export async function listKeys(db: Db, workspaceId: string) {
  const [rows, allowed] = await Promise.all([
    db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(desc(apiKeys.createdAt)).limit(200),
    planAllowsApi(db, workspaceId),
  ]);
  return { keys: rows.map(toKey), planAllowsApi: allowed };
}

/** Creates a key: the answer is the only place its secret ever appears. */
export async function createKey(db: Db, actor: AuditActor, workspaceId: string, input: ApiKeyInput) {
  if (!(await planAllowsApi(db, workspaceId)))
    throw new DomainError("forbidden", "PLAN_REQUIRED", API_KEY_MESSAGES.plan);
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const row = await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
    if (n >= API_KEYS_MAX) throw new DomainError("conflict", "TOO_MANY_KEYS", API_KEY_MESSAGES.tooMany);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        workspaceId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_SHOWN),
        keyHash: hashKey(secret),
        scopes: input.scopes,
        createdBy: actor.id,
        expiresAt: input.expiresIn === "never" ? null : sql`now() + make_interval(days => ${Number(input.expiresIn)})`,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "api_key",
      action: "api_key.created",
      subjectId: created?.id ?? null,
      summary: ["audit.s.keyCreated", { name: input.name, scopes: input.scopes.join(", "), lifetime: input.expiresIn }],
      after: { name: input.name, scopes: input.scopes, expiresIn: input.expiresIn, secret: "(shown once)" },
    });
    return created as KeyRow;
  });
  return { key: toKey(row), secret };
}

/** Revokes a key: refused from its next request on, in every process (each request reads the table). */
export async function revokeKey(db: Db, actor: AuditActor, workspaceId: string, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: actor.id })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)));
      if (!exists) throw new DomainError("not_found", "NOT_FOUND", API_KEY_MESSAGES.notFound);
      return toKey(exists);
    }
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "api_key",
      action: "api_key.revoked",
      subjectId: id,
      summary: ["audit.s.keyRevoked", { name: row.name }],
    });
    return toKey(row);
  });
}

/** The key a bearer token names, if it is one of ours and not revoked. */
export async function keyOf(db: Db, secret: string) {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashKey(secret)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** Notes that a key was used, at most once a minute (a write per request would cost every call). */
export async function touchKey(db: Db, id: string) {
  await db.execute(sql`
    update api_keys set last_used_at = now()
    where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}
