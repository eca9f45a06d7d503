import fs from "node:fs";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { requireAdmin } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { migrationsFolder } from "#server/db/client";
import { releases, subscriptions, supportTickets, users } from "#server/db/schema";
import { adminErrors } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { json, likePattern } from "#server/lib/route-helpers";
import { todayIso } from "#server/modules/subscriptions";

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
async function systemChecks(deps: AppDeps) {
  const checks: z.infer<typeof check>[] = [];
  try {
    await deps.database.ping();
    checks.push({
      name: "Database",
      ok: true,
      detail: `Reachable (${deps.database.kind === "postgres" ? "PostgreSQL" : "embedded PGlite"})`,
    });
  } catch {
    checks.push({ name: "Database", ok: false, detail: "Unreachable" });
  }
  checks.push(
    deps.mailer.transport === "smtp"
      ? { name: "Mail", ok: true, detail: "SMTP transport configured" }
      : { name: "Mail", ok: false, detail: "No SMTP_URL: mails are written to the outbox folder, not delivered" },
  );
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const result = await deps.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    checks.push({
      name: "Migrations",
      ok: applied === journal.entries.length,
      detail: `${applied} of ${journal.entries.length} applied`,
    });
  } catch {
    checks.push({ name: "Migrations", ok: false, detail: "Could not read the migration state" });
  }
  return { operational: checks.every((c) => c.ok), checks };
}

export const adminDashboardRouter = createRouter()
  .openapi(routes.summary, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    const db = deps.database.db;
    const today = todayIso();
    const [[u], [r], [s], [t], [p], recentReleases, recentTickets, system] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(releases),
      db
        .select({ n: count() })
        .from(subscriptions)
        .where(sql`${subscriptions.status} = 'active' and ${subscriptions.endDate} >= ${today}`),
      db
        .select({ n: count() })
        .from(supportTickets)
        .where(inArray(supportTickets.status, ["open", "in_progress", "on_hold"])),
      db.select({ n: count() }).from(releases).where(eq(releases.status, "pending_review")),
      db
        .select({
          id: releases.id,
          title: releases.title,
          artistName: releases.artistName,
          at: releases.submittedAt,
          ownerName: users.name,
        })
        .from(releases)
        .leftJoin(users, eq(users.id, releases.userId))
        .orderBy(desc(releases.submittedAt))
        .limit(3),
      db
        .select({
          id: supportTickets.id,
          title: supportTickets.subject,
          at: supportTickets.createdAt,
          ownerName: users.name,
        })
        .from(supportTickets)
        .innerJoin(users, eq(users.id, supportTickets.userId))
        .orderBy(desc(supportTickets.createdAt))
        .limit(2),
      systemChecks(deps),
    ]);
    const recentActivity = [
      ...recentReleases.map((x) => ({
        kind: "release" as const,
        id: x.id,
        title: `${x.title} — ${x.artistName}`,
        ownerName: x.ownerName,
        at: x.at.toISOString(),
      })),
      ...recentTickets.map((x) => ({
        kind: "ticket" as const,
        id: x.id,
        title: x.title,
        ownerName: x.ownerName,
        at: x.at.toISOString(),
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, 5);
    return c.json(
      {
        totals: {
          users: u?.n ?? 0,
          releases: r?.n ?? 0,
          activeSubscriptions: s?.n ?? 0,
          openTickets: t?.n ?? 0,
          pendingReleases: p?.n ?? 0,
        },
        system,
        recentActivity,
      },
      200,
    );
  })
  .openapi(routes.search, async (c) => {
    await requireAdmin(c);
    const pattern = likePattern(c.req.valid("query").q);
    const db = c.get("deps").database.db;
    const [foundUsers, foundReleases, foundTickets] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
        .limit(5),
      db
        .select({ id: releases.id, title: releases.title, artistName: releases.artistName })
        .from(releases)
        .where(or(ilike(releases.title, pattern), ilike(releases.artistName, pattern), ilike(releases.upcEan, pattern)))
        .limit(5),
      db
        .select({ id: supportTickets.id, number: supportTickets.number, subject: supportTickets.subject })
        .from(supportTickets)
        .where(ilike(supportTickets.subject, pattern))
        .limit(5),
    ]);
    return c.json({ users: foundUsers, releases: foundReleases, tickets: foundTickets }, 200);
  });
