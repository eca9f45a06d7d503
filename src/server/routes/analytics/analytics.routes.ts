import { createRoute, z } from "@hono/zod-openapi";
import { and, between, desc, eq, sql } from "drizzle-orm";
import { PLANS } from "../../../domain/plans";
import { isIsoDate } from "../../../domain/releases";
import { artistShare } from "../../../domain/royalties";
import { requireUser } from "../../auth/guards";
import { dailyStreamFacts, releases, tracks as trackTable } from "../../db/schema";
import { createRouter } from "../../lib/create-router";
import { err, json } from "../../lib/route-helpers";
import { percentChange } from "../dashboard/dashboard.queries";
import { currentPlanId } from "../subscriptions/subscription.queries";

const DAY_MS = 86_400_000;
const MAX_DAYS = 731;
const day = (d: Date) => d.toISOString().slice(0, 10);

const query = z
  .object({
    from: z.string().refine(isIsoDate, "from must be a YYYY-MM-DD date"),
    to: z.string().refine(isIsoDate, "to must be a YYYY-MM-DD date"),
  })
  .refine((q) => q.from <= q.to, "from must not be after to")
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < MAX_DAYS, "The range can be at most two years.");

const totals = z.object({ streams: z.number().int(), listeners: z.number().int(), royaltiesPaise: z.number().int() });
const analyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals,
    previous: totals,
    changes: z.object({
      streams: z.number().nullable(),
      listeners: z.number().nullable(),
      royalties: z.number().nullable(),
    }),
    series: z.array(
      z.object({
        day: z.string(),
        streams: z.number().int(),
        listeners: z.number().int(),
        royaltiesPaise: z.number().int(),
      }),
    ),
    tracks: z.array(
      z.object({
        releaseId: z.string(),
        title: z.string(),
        isrc: z.string(),
        streams: z.number().int(),
        listeners: z.number().int(),
        royaltiesPaise: z.number().int(),
      }),
    ),
    countries: z.array(z.object({ code: z.string(), streams: z.number().int(), listeners: z.number().int() })),
    stores: z.array(
      z.object({
        name: z.string(),
        streams: z.number().int(),
        listeners: z.number().int(),
        royaltiesPaise: z.number().int(),
      }),
    ),
  })
  .openapi("Analytics");

const route = createRoute({
  method: "get",
  path: "/analytics",
  tags: ["Analytics"],
  summary: "The artist's streams, listeners and royalties over a date range, with the previous period for comparison",
  request: { query },
  responses: { 200: json(analyticsSchema, "Analytics"), 400: err("Bad range"), 401: err("Signed out") },
});

export const analyticsRouter = createRouter().openapi(route, async (c) => {
  const user = await requireUser(c);
  const { from, to } = c.req.valid("query");
  const db = c.get("deps").database.db;
  const share = PLANS[await currentPlanId(db, user.id)].royaltySharePercent;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const prevTo = day(new Date(Date.parse(from) - DAY_MS));
  const prevFrom = day(new Date(Date.parse(from) - days * DAY_MS));
  const n = (col: unknown) => sql<number>`coalesce(sum(${col}), 0)::bigint`.mapWith(Number);
  const mine = (a: string, b: string) =>
    and(eq(dailyStreamFacts.ownerId, user.id), between(dailyStreamFacts.day, a, b));
  const sums = {
    streams: n(dailyStreamFacts.streams),
    listeners: n(dailyStreamFacts.listeners),
    revenue: n(dailyStreamFacts.revenuePaise),
  };
  const join = eq(releases.id, dailyStreamFacts.releaseId);
  const [[now], [prev], series, tracks, countries, stores] = await Promise.all([
    db.select(sums).from(dailyStreamFacts).where(mine(from, to)),
    db.select(sums).from(dailyStreamFacts).where(mine(prevFrom, prevTo)),
    db
      .select({ day: dailyStreamFacts.day, ...sums })
      .from(dailyStreamFacts)
      .where(mine(from, to))
      .groupBy(dailyStreamFacts.day),
    db
      .select({
        releaseId: releases.id,
        // Track-level rows (with an ISRC) carry the track's title; release-level rows the release's.
        title: sql<string>`coalesce(${trackTable.title}, ${releases.title})`,
        isrc: dailyStreamFacts.isrc,
        ...sums,
      })
      .from(dailyStreamFacts)
      .innerJoin(releases, join)
      .leftJoin(
        trackTable,
        and(eq(trackTable.releaseId, dailyStreamFacts.releaseId), eq(trackTable.isrc, dailyStreamFacts.isrc)),
      )
      .where(mine(from, to))
      .groupBy(releases.id, releases.title, trackTable.title, dailyStreamFacts.isrc)
      .orderBy(desc(sums.streams))
      .limit(100),
    db
      .select({ code: dailyStreamFacts.country, streams: sums.streams, listeners: sums.listeners })
      .from(dailyStreamFacts)
      .where(mine(from, to))
      .groupBy(dailyStreamFacts.country)
      .orderBy(desc(sums.streams))
      .limit(50),
    db
      .select({ name: dailyStreamFacts.store, ...sums })
      .from(dailyStreamFacts)
      .where(mine(from, to))
      .groupBy(dailyStreamFacts.store)
      .orderBy(desc(sums.streams)),
  ]);
  const royalties = (revenue: number) => artistShare(revenue, share);
  const pack = (t: { streams: number; listeners: number; revenue: number } | undefined) => ({
    streams: t?.streams ?? 0,
    listeners: t?.listeners ?? 0,
    royaltiesPaise: royalties(t?.revenue ?? 0),
  });
  const byDay = new Map(series.map((s) => [s.day, s]));
  const filled = Array.from({ length: days }, (_, i) => {
    const d = day(new Date(Date.parse(from) + i * DAY_MS));
    const s = byDay.get(d);
    return {
      day: d,
      streams: s?.streams ?? 0,
      listeners: s?.listeners ?? 0,
      royaltiesPaise: royalties(s?.revenue ?? 0),
    };
  });
  const current = pack(now);
  const previous = pack(prev);
  return c.json(
    {
      from,
      to,
      totals: current,
      previous,
      changes: {
        streams: percentChange(current.streams, previous.streams),
        listeners: percentChange(current.listeners, previous.listeners),
        royalties: percentChange(current.royaltiesPaise, previous.royaltiesPaise),
      },
      series: filled,
      tracks: tracks.map(({ revenue, ...t }) => ({ ...t, royaltiesPaise: royalties(revenue) })),
      countries,
      stores: stores.map(({ revenue, ...s }) => ({ ...s, royaltiesPaise: royalties(revenue) })),
    },
    200,
  );
});
