import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyStreamFacts, releases, royaltyLedger } from "../../db/schema";
import { releaseColumns, toReleaseDto } from "../releases/release.schema";

const DAY_MS = 24 * 60 * 60 * 1000;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Percent change from `previous` to `current`, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The last `days` days up to and including `today`, oldest first, with zeros where nothing was reported. */
export function fillDays(byDay: Map<string, number>, today: Date, days: number): { day: string; streams: number }[] {
  return Array.from({ length: days }, (_, i) => {
    const day = isoDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS));
    return { day, streams: byDay.get(day) ?? 0 };
  });
}

/** Everything the artist dashboard shows, computed from the reported facts of the artist's own releases. */
export async function loadDashboard(db: Db, userId: string, today: Date) {
  const owned = eq(releases.userId, userId);
  const mine = eq(dailyStreamFacts.ownerId, userId);
  const since = isoDay(new Date(today.getTime() - 119 * DAY_MS));
  const n = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

  const [totals, daily, platforms, countries, recent, [earned]] = await Promise.all([
    db
      .select({
        streams: n(dailyStreamFacts.streams),
        listeners: n(dailyStreamFacts.listeners),
        revenue: n(dailyStreamFacts.revenuePaise),
      })
      .from(dailyStreamFacts)
      .where(mine),
    db
      .select({
        day: dailyStreamFacts.day,
        streams: n(dailyStreamFacts.streams),
        listeners: n(dailyStreamFacts.listeners),
        revenue: n(dailyStreamFacts.revenuePaise),
      })
      .from(dailyStreamFacts)
      .where(and(mine, gte(dailyStreamFacts.day, since)))
      .groupBy(dailyStreamFacts.day),
    db
      .select({ name: dailyStreamFacts.store, streams: n(dailyStreamFacts.streams) })
      .from(dailyStreamFacts)
      .where(mine)
      .groupBy(dailyStreamFacts.store)
      .orderBy(desc(n(dailyStreamFacts.streams)))
      .limit(6),
    db
      .select({ code: dailyStreamFacts.country, listeners: n(dailyStreamFacts.listeners) })
      .from(dailyStreamFacts)
      .where(mine)
      .groupBy(dailyStreamFacts.country)
      .orderBy(desc(n(dailyStreamFacts.listeners)))
      .limit(5),
    db.select(releaseColumns).from(releases).where(owned).orderBy(desc(releases.submittedAt)).limit(5),
    // Royalties are the ledger's: the same figure the royalties screen shows.
    db
      .select({ net: n(royaltyLedger.netPaise) })
      .from(royaltyLedger)
      .where(eq(royaltyLedger.userId, userId)),
  ]);

  const byDay = new Map(daily.map((d) => [d.day, d]));
  const windowSum = (fromDaysAgo: number, toDaysAgo: number, key: "streams" | "listeners" | "revenue") => {
    let sum = 0;
    for (let i = fromDaysAgo; i < toDaysAgo; i++)
      sum += byDay.get(isoDay(new Date(today.getTime() - i * DAY_MS)))?.[key] ?? 0;
    return sum;
  };
  const month = (key: "streams" | "listeners" | "revenue", back: number) => windowSum(back * 30, back * 30 + 30, key);

  const growthNow = percentChange(month("streams", 0), month("streams", 1));
  const growthBefore = percentChange(month("streams", 1), month("streams", 2));
  const total = totals[0] ?? { streams: 0, listeners: 0, revenue: 0 };
  const streamsByDay = new Map(daily.map((d) => [d.day, d.streams]));
  const platformTotal = platforms.reduce((s, p) => s + p.streams, 0);

  return {
    stats: {
      totalStreams: total.streams,
      totalListeners: total.listeners,
      totalRoyaltiesPaise: earned?.net ?? 0,
      growthRatePercent: growthNow,
      changes: {
        streams: growthNow,
        listeners: percentChange(month("listeners", 0), month("listeners", 1)),
        royalties: percentChange(month("revenue", 0), month("revenue", 1)),
        growthRate:
          growthNow !== null && growthBefore !== null ? Math.round((growthNow - growthBefore) * 10) / 10 : null,
      },
    },
    series: {
      weekly: fillDays(streamsByDay, today, 7),
      monthly: fillDays(streamsByDay, today, 30),
      quarterly: fillDays(streamsByDay, today, 90),
    },
    recentReleases: recent.map(toReleaseDto),
    platforms: platforms.map((p) => ({
      name: p.name,
      streams: p.streams,
      percent: platformTotal ? Math.round((p.streams / platformTotal) * 1000) / 10 : 0,
    })),
    countries,
  };
}
