// The artist's analytics, as a plain function over the database: no HTTP here.
import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PLANS } from "#domain/plans";
import { artistShare } from "#domain/royalties";
import type { Db } from "#server/db/client";
import { dailyStreamFacts, ownerDailyTotals, releases, tracks as trackTable } from "#server/db/schema";
import { percentChange } from "#server/modules/dashboard";
import { currentPlanId } from "#server/modules/subscriptions";

export const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

type Sums = { streams: number; listeners: number; revenue: number };
const ZERO: Sums = { streams: 0, listeners: 0, revenue: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  streams: a.streams + b.streams,
  listeners: a.listeners + b.listeners,
  revenue: a.revenue + b.revenue,
});
const byStreams =
  <T extends { streams: number }>(key: (t: T) => string) =>
  (a: T, b: T) =>
    b.streams - a.streams || key(a).localeCompare(key(b));

/**
 * The artist's figures per day from the owner rollup (migration 0010), for the range and the one
 * before it: totals, the previous period and the daily series all come from these few rows.
 */
function dailyTotals(db: Db, ownerId: string, from: string, to: string) {
  const n = (col: AnyPgColumn) => sql<number>`${col}`.mapWith(Number);
  return db
    .select({
      day: ownerDailyTotals.day,
      streams: n(ownerDailyTotals.streams),
      listeners: n(ownerDailyTotals.listeners),
      revenue: n(ownerDailyTotals.revenuePaise),
    })
    .from(ownerDailyTotals)
    .where(and(eq(ownerDailyTotals.ownerId, ownerId), between(ownerDailyTotals.day, from, to)));
}

/**
 * The range's figures per track, per store and per country, from one pass over the artist's facts
 * (grouping sets), each track named by its own title or, for release-level rows, the release's.
 */
function breakdowns(db: Db, ownerId: string, from: string, to: string) {
  const f = dailyStreamFacts;
  const sum = (col: AnyPgColumn, name: string) => sql<number>`coalesce(sum(${col}), 0)::bigint`.as(name);
  const groups = db
    .select({
      kind: sql<"track" | "store" | "country">`case when grouping(${f.releaseId}) = 0 then 'track'
        when grouping(${f.store}) = 0 then 'store' else 'country' end`.as("kind"),
      releaseId: f.releaseId,
      isrc: f.isrc,
      store: f.store,
      country: f.country,
      // Named apart from the joined tables' columns: Drizzle refers to them unqualified.
      streams: sum(f.streams, "sum_streams"),
      listeners: sum(f.listeners, "sum_listeners"),
      revenue: sum(f.revenuePaise, "sum_revenue"),
    })
    .from(f)
    .where(and(eq(f.ownerId, ownerId), between(f.day, from, to)))
    .groupBy(sql`grouping sets ((${f.releaseId}, ${f.isrc}), (${f.store}), (${f.country}))`)
    .as("g");
  return db
    .select({
      kind: groups.kind,
      releaseId: groups.releaseId,
      isrc: groups.isrc,
      store: groups.store,
      country: groups.country,
      streams: sql<number>`${groups.streams}`.mapWith(Number),
      listeners: sql<number>`${groups.listeners}`.mapWith(Number),
      revenue: sql<number>`${groups.revenue}`.mapWith(Number),
      // Track-level rows (with an ISRC) carry the track's title; release-level rows the release's.
      title: sql<string | null>`coalesce(${trackTable.title}, ${releases.title})`,
    })
    .from(groups)
    .leftJoin(releases, eq(releases.id, groups.releaseId))
    .leftJoin(trackTable, and(eq(trackTable.releaseId, groups.releaseId), eq(trackTable.isrc, groups.isrc)));
}

type TrackGroup = Sums & { releaseId: string | null; isrc: string | null; title: string | null };

/**
 * One row per track (issue 33: a single was listed twice, once from the report's release-level rows and
 * once from its ISRC rows): release-level rows of a release with one track are that track's.
 */
async function oneRowPerTrack(db: Db, groups: TrackGroup[]): Promise<Map<string, TrackGroup>> {
  const releaseLevel = [...new Set(groups.filter((g) => !g.isrc && g.releaseId).map((g) => g.releaseId as string))];
  const only = new Map<string, { isrc: string; title: string }>();
  if (releaseLevel.length) {
    const rows = await db
      .select({
        releaseId: trackTable.releaseId,
        isrc: sql<string>`min(${trackTable.isrc})`,
        title: sql<string>`min(${trackTable.title})`,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(trackTable)
      .where(inArray(trackTable.releaseId, releaseLevel))
      .groupBy(trackTable.releaseId);
    for (const r of rows) if (r.n === 1 && r.isrc) only.set(r.releaseId, { isrc: r.isrc, title: r.title });
  }
  const merged = new Map<string, TrackGroup>();
  for (const g of groups) {
    const single = !g.isrc && g.releaseId ? only.get(g.releaseId) : undefined;
    const row = single ? { ...g, isrc: single.isrc, title: single.title } : g;
    const key = `${row.releaseId} ${row.isrc}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, ...add(seen, row) } : row);
  }
  return merged;
}

/**
 * The artist's figures for a range of days: totals against the period before, a daily series, and
 * breakdowns by track, country and store, with royalties at the plan's share.
 */
export async function loadAnalytics(db: Db, userId: string, from: string, to: string) {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const prevFrom = day(new Date(Date.parse(from) - days * DAY_MS));
  const [planId, daily, groups] = await Promise.all([
    currentPlanId(db, userId),
    dailyTotals(db, userId, prevFrom, to),
    breakdowns(db, userId, from, to),
  ]);
  const share = PLANS[planId].royaltySharePercent;
  const royalties = (revenue: number) => artistShare(revenue, share);
  const pack = (t: Sums) => ({ streams: t.streams, listeners: t.listeners, royaltiesPaise: royalties(t.revenue) });

  let now = ZERO;
  let before = ZERO;
  const byDay = new Map<string, Sums>();
  for (const d of daily) {
    if (d.day >= from) {
      now = add(now, d);
      byDay.set(d.day, d);
    } else before = add(before, d);
  }
  const series = Array.from({ length: days }, (_, i) => {
    const d = day(new Date(Date.parse(from) + i * DAY_MS));
    return { day: d, ...pack(byDay.get(d) ?? ZERO) };
  });
  const tracks = [
    ...(
      await oneRowPerTrack(
        db,
        groups.filter((g) => g.kind === "track"),
      )
    ).values(),
  ]
    .map((g) => ({ releaseId: g.releaseId as string, title: g.title ?? "", isrc: g.isrc as string, ...pack(g) }))
    .sort(byStreams((t) => `${t.releaseId} ${t.isrc}`))
    .slice(0, 100);
  const countries = groups
    .filter((g) => g.kind === "country")
    .map((g) => ({ code: g.country as string, streams: g.streams, listeners: g.listeners }))
    .sort(byStreams((t) => t.code))
    .slice(0, 50);
  const stores = groups
    .filter((g) => g.kind === "store")
    .map((g) => ({ name: g.store as string, ...pack(g) }))
    .sort(byStreams((t) => t.name));
  const current = pack(now);
  const previous = pack(before);
  return {
    from,
    to,
    totals: current,
    previous,
    changes: {
      streams: percentChange(current.streams, previous.streams),
      listeners: percentChange(current.listeners, previous.listeners),
      royalties: percentChange(current.royaltiesPaise, previous.royaltiesPaise),
    },
    series,
    tracks,
    countries,
    stores,
  };
}
