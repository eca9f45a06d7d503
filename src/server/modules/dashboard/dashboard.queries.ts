import { desc, eq, sql } from "drizzle-orm";
import { addDays, todayIst } from "#domain/clock";
import type { Db } from "#server/db/client";
import { preparedQuery } from "#server/db/prepared";
import { releases, users } from "#server/db/schema";
import { type ReleaseDto, releaseColumns, toReleaseDto } from "#server/modules/releases";
import type { Holdings } from "./onboarding.queries";

/** Percent change from `previous` to `current`, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const DASHBOARD_DAYS = 120;
let lastDaysCache = { today: "", days: [] as string[] };

/** The dashboard's 120 days (India's) up to and including `today`, newest first; made once a day. */
function lastDays(today: Date): string[] {
  const key = todayIst(today);
  if (lastDaysCache.today !== key) {
    const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(key, -i));
    lastDaysCache = { today: key, days };
  }
  return lastDaysCache.days;
}

type Figures = { streams: number; listeners: number; revenue: number };

type RecentRelease = Omit<ReleaseDto, "submittedAt" | "approvedAt" | "liveAt" | "publicPath" | "artistState"> & {
  publicSlug: string;
  waitingPayment: boolean;
  acceptedByAStore: boolean;
  submittedAt: string;
  approvedAt: string | null;
  liveAt: string | null;
};

/**
 * The dashboard's figures from the owner rollups the fact triggers keep (migration 0010), with the
 * latest releases as JSON, in one statement (one round trip), prepared once per database: planning
 * it cost more than running it.
 */
function prepareDashboardQuery(db: Db, name: string) {
  const owner = users.id;
  // The release list's own columns, named as the DTO names them, so JSON rows map like Drizzle's.
  const named = Object.fromEntries(
    Object.entries(releaseColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
  );
  const latest = db
    .select(named)
    .from(releases)
    .where(eq(releases.userId, owner))
    .orderBy(desc(releases.submittedAt), desc(releases.id))
    .limit(5);
  return db
    .select({
      totals: sql<Figures>`(select json_build_object('streams', coalesce(sum(streams), 0),
          'listeners', coalesce(sum(listeners), 0), 'revenue', coalesce(sum(revenue_paise), 0))
        from owner_store_totals where owner_id = ${owner})`,
      daily: sql<(Figures & { day: string })[]>`(select coalesce(json_agg(json_build_object('day', day,
          'streams', streams, 'listeners', listeners, 'revenue', revenue_paise)), '[]')
        from owner_daily_totals where owner_id = ${owner} and day >= ${sql.placeholder("since")}::date)`,
      platforms: sql<{ name: string; streams: number }[]>`(select coalesce(json_agg(json_build_object('name', store,
          'streams', streams)), '[]')
        from (select store, streams from owner_store_totals where owner_id = ${owner}
              order by streams desc, store limit 6) s)`,
      countries: sql<{ code: string; listeners: number }[]>`(select coalesce(json_agg(json_build_object('code',
          country, 'listeners', listeners)), '[]')
        from (select country, listeners from owner_country_totals where owner_id = ${owner}
              order by listeners desc, country limit 5) c)`,
      // Royalties are the payee's own entries in the one ledger, after splits and escrow releases: the
      // figure the royalties screen and statements show (issue 33: this was the owner's share before
      // the split, and a collaborator's was ₹0).
      // (Qualified: royalty_entries has an "id" of its own.)
      earned: sql<number>`(select coalesce(sum(e.amount_paise), 0) from royalty_entries e where e.user_id = "users"."id"
        and e.kind in ('earning', 'recoupment', 'escrow_release'))`.mapWith(Number),
      recent: sql<RecentRelease[]>`(select coalesce(json_agg(r order by r."submittedAt" desc, r.id desc), '[]')
        from (${latest}) r)`,
      // The first-run steps and the payee-only view, in the same round trip (issue 36).
      hasPayout: sql<boolean>`exists(select 1 from payout_accounts p where p.user_id = "users"."id")`,
      onSplitSheets: sql<boolean>`exists(select 1 from collaborators c where c.accepted_user_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("owner")))
    .prepare(name);
}

/** A release read as JSON: its timestamps are strings there. */
const fromJson = (r: RecentRelease) =>
  toReleaseDto({
    ...r,
    submittedAt: new Date(r.submittedAt),
    approvedAt: r.approvedAt === null ? null : new Date(r.approvedAt),
    liveAt: r.liveAt === null ? null : new Date(r.liveAt),
  });

// Some drivers hand json columns over as text.
const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** Everything the artist dashboard shows, computed from the reported facts of the artist's own releases. */
export async function loadDashboard(db: Db, userId: string, today: Date) {
  const days = lastDays(today);
  const since = days.at(-1) as string;
  const [row] = await preparedQuery(db, "dashboard", prepareDashboardQuery).execute({ owner: userId, since });
  const total = row ? parsed(row.totals) : { streams: 0, listeners: 0, revenue: 0 };
  const daily = row ? parsed(row.daily) : [];
  const platforms = row ? parsed(row.platforms) : [];
  const countries = row ? parsed(row.countries) : [];
  const earned = row?.earned ?? 0;
  const recent = row ? parsed(row.recent).map(fromJson) : [];

  const byDay = new Map(daily.map((d) => [d.day, d]));
  const month = (key: keyof Figures, back: number) => {
    let sum = 0;
    for (let i = back * 30; i < back * 30 + 30; i++) sum += byDay.get(days[i] as string)?.[key] ?? 0;
    return sum;
  };
  /** The last `count` days, oldest first, with zeros where nothing was reported. */
  const series = (count: number) =>
    days
      .slice(0, count)
      .reverse()
      .map((day) => ({ day, streams: byDay.get(day)?.streams ?? 0 }));

  const growthNow = percentChange(month("streams", 0), month("streams", 1));
  const growthBefore = percentChange(month("streams", 1), month("streams", 2));
  const platformTotal = platforms.reduce((s, p) => s + p.streams, 0);

  return {
    stats: {
      totalStreams: total.streams,
      totalListeners: total.listeners,
      totalRoyaltiesPaise: earned,
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
      weekly: series(7),
      monthly: series(30),
      quarterly: series(90),
    },
    recentReleases: recent,
    /** Whether the workspace has payout details, a release, and a share on someone's split sheet. */
    has: {
      payout: row?.hasPayout ?? false,
      // The latest releases are listed: a workspace has one when that list is not empty.
      release: recent.length > 0,
      shares: row?.onSplitSheets ?? false,
    } satisfies Holdings,
    platforms: platforms.map((p) => ({
      name: p.name,
      streams: p.streams,
      percent: platformTotal ? Math.round((p.streams / platformTotal) * 1000) / 10 : 0,
    })),
    countries,
  };
}
