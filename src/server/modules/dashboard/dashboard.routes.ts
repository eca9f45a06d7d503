import { createRoute, z } from "@hono/zod-openapi";
import { todayIst } from "#domain/clock";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { cachedJson } from "#server/lib/route-helpers";
import { releaseSchema } from "#server/modules/releases";
import { planStanding } from "#server/modules/subscriptions";
import { loadDashboard } from "./dashboard.queries";
import { isPayeeOnly, onboardingProgress } from "./onboarding.queries";

const change = z
  .number()
  .nullable()
  .openapi({ description: "Percent change from the previous 30 days; null when there is nothing to compare" });
const dayPoint = z.object({ day: z.string(), streams: z.number().int() });

const dashboardSchema = z
  .object({
    stats: z.object({
      totalStreams: z.number().int(),
      totalListeners: z.number().int(),
      totalRoyaltiesPaise: z.number().int(),
      growthRatePercent: change,
      changes: z.object({ streams: change, listeners: change, royalties: change, growthRate: change }),
    }),
    series: z.object({ weekly: z.array(dayPoint), monthly: z.array(dayPoint), quarterly: z.array(dayPoint) }),
    recentReleases: z.array(releaseSchema),
    platforms: z.array(z.object({ name: z.string(), streams: z.number().int(), percent: z.number() })),
    countries: z.array(z.object({ code: z.string(), listeners: z.number().int() })),
    onboarding: z
      .object({ plan: z.boolean(), payout: z.boolean(), release: z.boolean() })
      .openapi({ description: "The first-run steps done: a plan in force, payout details, a first release" }),
    payeeOnly: z
      .boolean()
      .openapi({ description: "No releases of its own, on other artists' split sheets: no plan is needed" }),
  })
  .openapi("Dashboard");

const route = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["Dashboard"],
  summary: "The artist dashboard: totals, changes, daily series, recent releases, stores and countries",
  responses: {
    200: { content: { "application/json": { schema: dashboardSchema } }, description: "Dashboard" },
    401: { content: { "application/json": { schema: errorBodySchema } }, description: "Signed out" },
  },
});

/** What the dashboard reads: the rollups, the releases and their deliveries, the ledger, the plan. */
const DASHBOARD_TABLES = [
  "users",
  "owner_daily_totals",
  "owner_store_totals",
  "owner_country_totals",
  "releases",
  "release_streams",
  "deliveries",
  "royalty_entries",
  "payout_accounts",
  "collaborators",
  "subscriptions",
] as const;

export const dashboardRouter = createRouter().openapi(route, async (c) => {
  const { workspace } = await requireMember(c, "releases:read", { wholeWorkspace: true });
  const { db } = c.get("deps").database;
  const now = new Date();
  // Kept while nothing it reads changes (decision 040); the day is in the key: "today" moves the series.
  return cachedJson(c, `dashboard ${workspace.id} ${todayIst(now)}`, DASHBOARD_TABLES, async () => {
    // Two statements side by side (issue 36: there were five): the dashboard, with what the first
    // steps need, and the plan by the subscriptions module's own rule.
    const [{ has, ...dashboard }, standing] = await Promise.all([
      loadDashboard(db, workspace.id, now),
      planStanding(db, workspace.id),
    ]);
    const onboarding = onboardingProgress(standing.paidUp, has);
    return { ...dashboard, onboarding, payeeOnly: isPayeeOnly(has) };
  });
});
