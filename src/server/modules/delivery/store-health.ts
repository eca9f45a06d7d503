import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { DELIVERY_MAX_ATTEMPTS, DELIVERY_STATUSES, STORE_PAUSE_AFTER_FAILURES } from "#domain/deliveries";
import type { Db } from "#server/db/client";
import { deliveries, storeHealth } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/queue";
import type { StoreConfig } from "./stores";

/**
 * A failed attempt to reach a store (its transport, not a release's own problem). Returns the
 * failures in a row and whether this one paused the store.
 */
export async function recordStoreFailure(db: Db, store: string, error: string) {
  const [row] = await db
    .insert(storeHealth)
    .values({ store, consecutiveFailures: 1, lastError: error.slice(0, 2000) })
    .onConflictDoUpdate({
      target: storeHealth.store,
      set: {
        consecutiveFailures: sql`${storeHealth.consecutiveFailures} + 1`,
        lastError: error.slice(0, 2000),
        updatedAt: new Date(),
      },
    })
    .returning();
  const failures = row?.consecutiveFailures ?? 1;
  if (failures < STORE_PAUSE_AFTER_FAILURES) return { failures, pausedNow: false };
  // Only the attempt that crosses the limit pauses (and alerts); later ones find it paused.
  const [paused] = await db
    .update(storeHealth)
    .set({ pausedAt: new Date() })
    .where(and(eq(storeHealth.store, store), sql`${storeHealth.pausedAt} is null`))
    .returning({ store: storeHealth.store });
  return { failures, pausedNow: Boolean(paused) };
}

/** A store answered: its failures in a row start again from zero. */
export async function recordStoreSuccess(db: Db, store: string) {
  await db
    .update(storeHealth)
    .set({ consecutiveFailures: 0, updatedAt: new Date() })
    .where(and(eq(storeHealth.store, store), gt(storeHealth.consecutiveFailures, 0)));
}

export async function isStorePaused(db: Db, store: string): Promise<boolean> {
  const [row] = await db
    .select({ pausedAt: storeHealth.pausedAt })
    .from(storeHealth)
    .where(eq(storeHealth.store, store));
  return Boolean(row?.pausedAt);
}

/** An admin resumes a paused store: its paused deliveries are queued again. Returns how many, or null if it was not paused. */
export async function resumeStore(db: Db, store: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [resumed] = await tx
      .update(storeHealth)
      .set({ pausedAt: null, consecutiveFailures: 0, updatedAt: new Date() })
      .where(and(eq(storeHealth.store, store), sql`${storeHealth.pausedAt} is not null`))
      .returning({ store: storeHealth.store });
    if (!resumed) return null;
    const waiting = await tx
      .update(deliveries)
      .set({ status: "queued" })
      .where(and(eq(deliveries.store, store), eq(deliveries.status, "paused")))
      .returning({ id: deliveries.id, releaseId: deliveries.releaseId });
    for (const row of waiting)
      await enqueueJob(tx, "delivery", row.id, { maxAttempts: DELIVERY_MAX_ATTEMPTS, ownerOf: row.releaseId });
    return waiting.length;
  });
}

/** Per configured store: deliveries by status, and whether it is paused (since when, why). */
export async function storeOverview(db: Db, stores: readonly StoreConfig[]) {
  const [counts, health] = await Promise.all([
    db
      .select({ store: deliveries.store, status: deliveries.status, n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(
        inArray(
          deliveries.store,
          stores.map((s) => s.id),
        ),
      )
      .groupBy(deliveries.store, deliveries.status),
    db.select().from(storeHealth),
  ]);
  return stores.map((store) => {
    const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<
      (typeof DELIVERY_STATUSES)[number],
      number
    >;
    for (const row of counts)
      if (row.store === store.id && row.status in byStatus) byStatus[row.status as keyof typeof byStatus] = row.n;
    const h = health.find((x) => x.store === store.id);
    return {
      store: store.id,
      storeName: store.name,
      transport: store.transport.kind,
      counts: byStatus,
      consecutiveFailures: h?.consecutiveFailures ?? 0,
      pausedAt: h?.pausedAt?.toISOString() ?? null,
      lastError: h?.lastError ?? null,
    };
  });
}
