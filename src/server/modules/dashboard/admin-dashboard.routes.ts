import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { json } from "#server/lib/route-helpers";
import { adminSearch, adminSummary } from "./admin-dashboard.service";

const check = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
const summarySchema = z
  .object({
    totals: z.object({
      users: z.number().int(),
      releases: z.number().int(),
      activeSubscriptions: z.number().int(),
      openTickets: z.number().int(),
      pendingReleases: z.number().int(),
    }),
    queues: z
      .object({
        reviewReleases: z.number().int(),
        failedDeliveryReleases: z.number().int(),
        pendingPayouts: z.number().int(),
        pendingPayoutsPaise: z.number().int(),
        openCases: z.number().int(),
        overdueCases: z.number().int().openapi({ description: "Open store-notice cases past their deadline" }),
        streamWarnings: z.number().int().openapi({ description: "Early warnings nobody has reviewed yet" }),
        pausedStores: z.array(
          z.object({
            store: z.string(),
            storeName: z.string(),
            pausedAt: z.string(),
            lastError: z.string().nullable(),
          }),
        ),
      })
      .openapi({
        description:
          "What waits for an admin: releases to review, deliveries with a problem, payouts to make, stores paused",
      }),
    system: z.object({ operational: z.boolean(), checks: z.array(check) }),
    recentActivity: z.array(
      z.object({
        kind: z.enum(["release", "ticket"]),
        id: z.string(),
        title: z.string(),
        ownerName: z.string().nullable(),
        at: z.string(),
      }),
    ),
  })
  .openapi("AdminSummary");

const searchSchema = z.object({
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  releases: z.array(z.object({ id: z.string(), title: z.string(), artistName: z.string() })),
  tickets: z.array(z.object({ id: z.string(), number: z.number().int(), subject: z.string() })),
});

const routes = {
  summary: createRoute({
    method: "get",
    path: "/admin/summary",
    tags: ["Admin"],
    summary: "Admin dashboard: totals, a real system check, and recent activity",
    responses: { 200: json(summarySchema, "Summary"), ...adminErrors },
  }),
  search: createRoute({
    method: "get",
    path: "/admin/search",
    tags: ["Admin"],
    summary: "Find users, releases and tickets at once (five of each)",
    request: { query: z.object({ q: z.string().trim().min(1).max(100) }) },
    responses: { 200: json(searchSchema, "Matches"), ...adminErrors },
  }),
};

/** Real checks behind "All systems operational": database reachable, mail configured, migrations current. */
// Thin routes: authorize, call the service (admin-dashboard.service.ts), shape the answer.
export const adminDashboardRouter = createRouter()
  .openapi(routes.summary, async (c) => {
    await requireAdmin(c);
    return c.json(await adminSummary(c.get("deps")), 200);
  })
  .openapi(routes.search, async (c) => {
    await requireAdmin(c);
    return c.json(await adminSearch(c.get("deps").database.db, c.req.valid("query").q), 200);
  });
