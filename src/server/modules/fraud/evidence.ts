// A case's evidence (issue 41), drawn from the imported report rows: the flagged tracks' streams,
// listeners and revenue per day at the store that acted, per country and per store in the notice's
// months, set against the same tracks' history (the three months before).
import { sql } from "drizzle-orm";
import { addMonths, lastDayOfMonth } from "#domain/clock";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import type { fraudCases } from "#server/db/schema";

/** Months of history shown before the notice's first month. */
export const HISTORY_MONTHS = 3;

export async function caseEvidence(db: Db, c: typeof fraudCases.$inferSelect) {
  const from = addMonths(c.periodFrom, -HISTORY_MONTHS);
  const to = lastDayOfMonth(c.periodTo);
  const flagged = sql`(f.release_id, f.isrc) in (select release_id, isrc from fraud_case_tracks where case_id = ${c.id})`;
  const inPeriod = sql`f.day >= ${c.periodFrom}::date`;
  const [daily, countries, stores] = await Promise.all([
    db.execute(sql`
      select to_char(f.day, 'YYYY-MM-DD') as day, sum(f.streams)::bigint as streams, sum(f.listeners)::bigint as listeners,
        sum(f.revenue_paise)::bigint as revenue
      from daily_stream_facts f
      where ${flagged} and lower(f.store) = lower(${c.store}) and f.day between ${from}::date and ${to}::date
      group by f.day order by f.day`),
    db.execute(sql`
      select f.country, coalesce(sum(f.streams) filter (where ${inPeriod}), 0)::bigint as streams,
        coalesce(sum(f.listeners) filter (where ${inPeriod}), 0)::bigint as listeners,
        coalesce(sum(f.revenue_paise) filter (where ${inPeriod}), 0)::bigint as revenue,
        coalesce(sum(f.streams) filter (where not ${inPeriod}), 0)::bigint as history
      from daily_stream_facts f
      where ${flagged} and lower(f.store) = lower(${c.store}) and f.day between ${from}::date and ${to}::date
      group by f.country order by 2 desc limit 50`),
    db.execute(sql`
      select f.store, sum(f.streams)::bigint as streams, sum(f.revenue_paise)::bigint as revenue
      from daily_stream_facts f
      where ${flagged} and f.day between ${c.periodFrom}::date and ${to}::date
      group by f.store order by 2 desc limit 50`),
  ]);
  const days = rowsOf<{ day: string; streams: string; listeners: string; revenue: string }>(daily).map((d) => ({
    day: d.day,
    streams: Number(d.streams),
    listeners: Number(d.listeners),
    revenuePaise: Number(d.revenue),
    inPeriod: d.day >= c.periodFrom,
  }));
  const period = days.filter((d) => d.inPeriod);
  const history = days.filter((d) => !d.inPeriod);
  const sum = (list: typeof days, key: "streams" | "listeners" | "revenuePaise") =>
    list.reduce((s, d) => s + d[key], 0);
  const perDay = (list: typeof days) => (list.length ? Math.round(sum(list, "streams") / list.length) : 0);
  return {
    historyFrom: from,
    days,
    summary: {
      streams: sum(period, "streams"),
      listeners: sum(period, "listeners"),
      revenuePaise: sum(period, "revenuePaise"),
      streamsPerDay: perDay(period),
      historyStreamsPerDay: perDay(history),
    },
    countries: rowsOf<{ country: string; streams: string; listeners: string; revenue: string; history: string }>(
      countries,
    ).map((r) => ({
      country: r.country,
      streams: Number(r.streams),
      listeners: Number(r.listeners),
      revenuePaise: Number(r.revenue),
      historyStreams: Number(r.history),
    })),
    stores: rowsOf<{ store: string; streams: string; revenue: string }>(stores).map((r) => ({
      store: r.store,
      streams: Number(r.streams),
      revenuePaise: Number(r.revenue),
      flagged: r.store.toLowerCase() === c.store.toLowerCase(),
    })),
  };
}
