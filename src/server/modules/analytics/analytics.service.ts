// The artist's analytics, as a plain function over the database: no HTTP here.
import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addDays, addMonths, daysBetween, monthsBetween } from "#domain/clock";
import type { Db } from "#server/db/client";
import { dailyStreamFacts, ownerDailyTotals, releases, royaltyEntries, tracks as trackTable } from "#server/db/schema";
import { percentChange } from "#server/modules/dashboard";

/** Streams and listeners from the stores' daily facts; royalties from the payee's own ledger entries. */
type Sums = { streams: number; listeners: number; royalties: number };
const ZERO: Sums = { streams: 0, listeners: 0, royalties: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  streams: a.streams + b.streams,
  listeners: a.listeners + b.listeners,
  royalties: a.royalties + b.royalties,
});
/** What the ledger counts as earned in a month (statements and the royalties page count the same). */
const EARNED = ["earning", "recoupment"];
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
    })
    .from(ownerDailyTotals)
    .where(and(eq(ownerDailyTotals.ownerId, ownerId), between(ownerDailyTotals.day, from, to)));
}

/**
 * The range's figures per track, per store and per country, from one pass over the artist's facts
 * (grouping sets), each track named by its own title or, for release-level rows, the release's.
 */
export function breakdowns(db: Db, ownerId: string, from: string, to: string) {
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
    })
    .from(f)
    // Through the key of each of the artist's releases (decision 058): the facts keep no index by owner.
    // The releases are listed once, before the facts are read (as a join, the planner scanned every
    // release for them). A release's facts are its owner's: a trigger carries a change of hands to them.
    .where(
      and(
        sql`${f.releaseId} = any(array(select ${releases.id} from ${releases} where ${releases.userId} = ${ownerId}))`,
        eq(f.ownerId, ownerId),
        between(f.day, from, to),
      ),
    )
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
      royalties: sql<number>`0`.mapWith(Number),
      // Track-level rows (with an ISRC) carry the track's title; release-level rows the release's.
      title: sql<string | null>`coalesce(${trackTable.title}, ${releases.title})`,
    })
    .from(groups)
    .leftJoin(releases, eq(releases.id, groups.releaseId))
    .leftJoin(trackTable, and(eq(trackTable.releaseId, groups.releaseId), eq(trackTable.isrc, groups.isrc)));
}

/**
 * The payee's earnings from the ledger (issue 33: analytics showed the owner's plan share of the
 * facts, before any split, so it disagreed with the royalties page). Stores report money per month,
 * so royalties are per month: by month, and for the range's months by track and by store.
 */
function ledgerByMonth(db: Db, userId: string, firstMonth: string, lastMonth: string) {
  const e = royaltyEntries;
  return db
    .select({
      month: sql<string>`to_char(${e.month}, 'YYYY-MM-DD')`,
      royalties: sql<number>`coalesce(sum(${e.amountPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(e)
    .where(and(eq(e.userId, userId), inArray(e.kind, EARNED), between(e.month, firstMonth, lastMonth)))
    .groupBy(e.month);
}

function ledgerBreakdowns(db: Db, userId: string, firstMonth: string, lastMonth: string) {
  const e = royaltyEntries;
  const groups = db
    .select({
      kind: sql<"track" | "store">`case when grouping(${e.releaseId}) = 0 then 'track' else 'store' end`.as("kind"),
      releaseId: e.releaseId,
      isrc: e.isrc,
      store: e.store,
      royalties: sql<number>`coalesce(sum(${e.amountPaise}), 0)::bigint`.as("sum_royalties"),
    })
    .from(e)
    .where(and(eq(e.userId, userId), inArray(e.kind, EARNED), between(e.month, firstMonth, lastMonth)))
    .groupBy(sql`grouping sets ((${e.releaseId}, ${e.isrc}), (${e.store}))`)
    .as("l");
  return db
    .select({
      kind: groups.kind,
      releaseId: groups.releaseId,
      isrc: groups.isrc,
      store: groups.store,
      royalties: sql<number>`${groups.royalties}`.mapWith(Number),
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
 * The payee's figures for a range of days: streams and listeners per day from the stores' facts of
 * their own releases, and royalties from their own ledger entries for the months the range touches
 * (what the royalties page, statements and the payout balance count), each against the period before.
 */
export async function loadAnalytics(db: Db, userId: string, from: string, to: string) {
  const days = daysBetween(from, to) + 1;
  const prevFrom = addDays(from, -days);
  const months = monthsBetween(from, to);
  const firstMonth = months[0] as string;
  const lastMonth = months[months.length - 1] as string;
  const prevFirstMonth = addMonths(firstMonth, -months.length);
  const [daily, groups, monthly, money] = await Promise.all([
    dailyTotals(db, userId, prevFrom, to),
    breakdowns(db, userId, from, to),
    ledgerByMonth(db, userId, prevFirstMonth, lastMonth),
    ledgerBreakdowns(db, userId, firstMonth, lastMonth),
  ]);
  const pack = (t: Sums) => ({ streams: t.streams, listeners: t.listeners, royaltiesPaise: t.royalties });

  let now = ZERO;
  let before = ZERO;
  const byDay = new Map<string, Omit<Sums, "royalties">>();
  for (const d of daily) {
    if (d.day >= from) {
      now = add(now, { ...d, royalties: 0 });
      byDay.set(d.day, d);
    } else before = add(before, { ...d, royalties: 0 });
  }
  const byMonth = new Map<string, number>();
  for (const m of monthly) {
    if (m.month >= firstMonth) now = add(now, { ...ZERO, royalties: m.royalties });
    else before = add(before, { ...ZERO, royalties: m.royalties });
    byMonth.set(m.month, m.royalties);
  }
  const series = Array.from({ length: days }, (_, i) => {
    const d = addDays(from, i);
    const figures = byDay.get(d);
    return { day: d, streams: figures?.streams ?? 0, listeners: figures?.listeners ?? 0 };
  });
  const trackGroups: TrackGroup[] = [
    ...groups.filter((g) => g.kind === "track"),
    ...money.filter((g) => g.kind === "track").map((g) => ({ ...ZERO, ...g })),
  ];
  const tracks = [...(await oneRowPerTrack(db, trackGroups)).values()]
    .map((g) => ({ releaseId: g.releaseId as string, title: g.title ?? "", isrc: g.isrc ?? "", ...pack(g) }))
    .sort(byStreams((t) => `${t.releaseId} ${t.isrc}`))
    .slice(0, 100);
  const countries = groups
    .filter((g) => g.kind === "country")
    .map((g) => ({ code: g.country as string, streams: g.streams, listeners: g.listeners }))
    .sort(byStreams((t) => t.code))
    .slice(0, 50);
  const stores = new Map<string, Sums>();
  for (const g of groups.filter((g) => g.kind === "store")) stores.set(g.store as string, g);
  for (const g of money.filter((g) => g.kind === "store" && g.store !== null))
    stores.set(g.store as string, add(stores.get(g.store as string) ?? ZERO, { ...ZERO, royalties: g.royalties }));
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
    months: months.map((m) => ({ month: m, royaltiesPaise: byMonth.get(m) ?? 0 })),
    tracks,
    countries,
    stores: [...stores.entries()].map(([name, t]) => ({ name, ...pack(t) })).sort(byStreams((t) => t.name)),
  };
}
