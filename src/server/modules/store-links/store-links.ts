import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { todayIst } from "#domain/clock";
import type { Db } from "#server/db/client";
import { deliveries, releaseLinkStats, releaseLinkVisitors, releases, storeLinks } from "#server/db/schema";
import type { ScheduledTask } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { StoreLinkResolver } from "./resolvers";

/** The release's known store links, by store id. */
export async function releaseStoreLinks(db: Db, releaseId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ store: storeLinks.store, url: storeLinks.url })
    .from(storeLinks)
    .where(eq(storeLinks.releaseId, releaseId));
  return new Map(rows.map((r) => [r.store, r.url]));
}

/** Records (or replaces) where the release is on a store. */
export async function setStoreLink(
  db: Db,
  releaseId: string,
  store: string,
  url: string,
  source: "manual" | "spotify" | "apple",
) {
  await db
    .insert(storeLinks)
    .values({ releaseId, store, url, source })
    .onConflictDoUpdate({
      target: [storeLinks.releaseId, storeLinks.store],
      set: { url, source, updatedAt: new Date() },
    });
}

/**
 * Looks up links for releases a resolver's store has accepted and whose date has come, which have
 * none yet (a few per run; a store that does not list a release yet is asked again next time).
 */
export async function resolvePendingLinks(
  db: Db,
  resolvers: readonly StoreLinkResolver[],
  logger?: Pick<Logger, "warn">,
  limit = 25,
): Promise<number> {
  let found = 0;
  for (const resolver of resolvers) {
    const pending = await db
      .selectDistinct({ id: releases.id, upc: releases.upcEan })
      .from(deliveries)
      .innerJoin(releases, eq(releases.id, deliveries.releaseId))
      .leftJoin(storeLinks, and(eq(storeLinks.releaseId, releases.id), eq(storeLinks.store, resolver.store)))
      .where(
        and(
          eq(deliveries.store, resolver.store),
          eq(deliveries.kind, "insert"),
          eq(deliveries.status, "acknowledged"),
          eq(releases.status, "live"),
          lte(releases.releaseDate, todayIst()),
          isNull(storeLinks.url),
        ),
      )
      .limit(limit);
    for (const release of pending) {
      if (!release.upc) continue;
      try {
        const url = await resolver.resolve(release.upc);
        if (url) {
          await setStoreLink(db, release.id, resolver.store, url, resolver.source);
          found++;
        }
      } catch (err) {
        logger?.warn({ err, store: resolver.store, upc: release.upc }, "store link lookup failed");
        break; // The store's API is failing: try again on the next run rather than hammer it.
      }
    }
  }
  return found;
}

/** Counts a visit to the public page, or a click through to a store: one row per day, no personal data. */
/**
 * Counts a page visit or a store click, once a day per visitor (`visitor`: a keyed digest of their
 * address and browser). A reload, or a script hammering the page, counts once.
 */
export async function countLinkEvent(db: Db, releaseId: string, kind: "visit" | "click", visitor: string, store = "") {
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(releaseLinkVisitors)
      .values({ releaseId, day: sql`current_date`, kind, store, visitor })
      .onConflictDoNothing()
      .returning({ visitor: releaseLinkVisitors.visitor });
    if (!first) return;
    await tx
      .insert(releaseLinkStats)
      .values({ releaseId, day: sql`current_date`, kind, store, count: 1 })
      .onConflictDoUpdate({
        target: [releaseLinkStats.releaseId, releaseLinkStats.day, releaseLinkStats.kind, releaseLinkStats.store],
        set: { count: sql`${releaseLinkStats.count} + 1` },
      });
  });
}

/** The store-links module's periodic work: forgetting old visitors, hourly, once across processes. */
export function storeLinkSchedule(db: Db): ScheduledTask[] {
  return [{ kind: "link-visitor-cleanup", everySeconds: 3600, run: () => forgetOldVisitors(db) }];
}

/** Who was counted before yesterday is of no use: forgotten (the hourly clean-up). */
export async function forgetOldVisitors(db: Db): Promise<void> {
  await db.delete(releaseLinkVisitors).where(sql`${releaseLinkVisitors.day} < current_date - 1`);
}

/** All-time visits and clicks per store, for the artist. */
export async function linkStats(db: Db, releaseId: string) {
  const rows = await db
    .select({
      kind: releaseLinkStats.kind,
      store: releaseLinkStats.store,
      count: sql<number>`sum(${releaseLinkStats.count})::int`,
    })
    .from(releaseLinkStats)
    .where(eq(releaseLinkStats.releaseId, releaseId))
    .groupBy(releaseLinkStats.kind, releaseLinkStats.store);
  const visits = rows.find((r) => r.kind === "visit")?.count ?? 0;
  const clicks = Object.fromEntries(rows.filter((r) => r.kind === "click").map((r) => [r.store, r.count]));
  return { visits, clicks: clicks as Record<string, number> };
}
