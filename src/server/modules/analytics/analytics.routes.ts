import { createRoute, z } from "@hono/zod-openapi";
import { daysBetween } from "#domain/clock";
import { isIsoDate } from "#domain/releases";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { cachedJson, err, json } from "#server/lib/route-helpers";
import { loadAnalytics } from "./analytics.service";

const MAX_DAYS = 731;

export const analyticsQuery = z
  .object({
    from: z.string().refine(isIsoDate, "from must be a YYYY-MM-DD date"),
    to: z.string().refine(isIsoDate, "to must be a YYYY-MM-DD date"),
  })
  .refine((q) => q.from <= q.to, "from must not be after to")
  .refine((q) => daysBetween(q.from, q.to) < MAX_DAYS, "The range can be at most two years.");

const totals = z.object({ streams: z.number().int(), listeners: z.number().int(), royaltiesPaise: z.number().int() });
export const analyticsSchema = z
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
    series: z.array(z.object({ day: z.string(), streams: z.number().int(), listeners: z.number().int() })),
    /** Royalties per month from the payee's ledger: stores report money by month, not by day. */
    months: z.array(z.object({ month: z.string(), royaltiesPaise: z.number().int() })),
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
  summary:
    "The payee's streams and listeners over a date range and royalties for its months (from the ledger), with the previous period for comparison",
  request: { query: analyticsQuery },
  responses: { 200: json(analyticsSchema, "Analytics"), 400: err("Bad range"), 401: err("Signed out") },
});

/** What analytics reads: the facts and their rollup, the ledger, the releases' and tracks' titles. */
const ANALYTICS_TABLES = ["daily_stream_facts", "owner_daily_totals", "royalty_entries", "releases", "tracks"] as const;

// Thin route: validate, authorize, call the service (analytics.service.ts), kept while nothing it
// reads changes (decision 040).
export const analyticsRouter = createRouter().openapi(route, async (c) => {
  const { workspace } = await requireMember(c, "analytics:read");
  const { from, to } = c.req.valid("query");
  return cachedJson(c, `analytics ${workspace.id} ${from} ${to}`, ANALYTICS_TABLES, () =>
    loadAnalytics(c.get("deps").database.db, workspace.id, from, to),
  );
});
