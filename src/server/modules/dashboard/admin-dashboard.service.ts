// The admin dashboard's figures and search, as plain functions over their dependencies: no HTTP here.
import fs from "node:fs";
import path from "node:path";
import { count, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { todayIst } from "#domain/clock";
import { ATTENTION_STATUSES } from "#domain/deliveries";
import type { AppDeps } from "#server/context";
import { type Db, migrationsFolder } from "#server/db/client";
import {
  deliveries,
  fraudCases,
  payouts,
  releases,
  storeHealth,
  streamWarnings,
  subscriptions,
  supportTickets,
  users,
} from "#server/db/schema";
import { likePattern } from "#server/lib/route-helpers";

async function systemChecks(deps: Pick<AppDeps, "database" | "mailer">) {
  const checks: { name: string; ok: boolean; detail: string }[] = [];
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

/** The admin dashboard: totals, the system's own checks and the newest activity. */
export async function adminSummary(deps: Pick<AppDeps, "database" | "mailer" | "delivery">) {
  const db = deps.database.db;
  const today = todayIst();
  const [[u], [r], [s], [t], [p], recentReleases, recentTickets, system, [fd], [pw], paused, [cases], [warnings]] =
    await Promise.all([
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
      // The queues an admin works through: deliveries with a problem (distinct releases) and payouts waiting.
      db
        .select({ n: sql<number>`count(distinct ${deliveries.releaseId})::int` })
        .from(deliveries)
        .where(inArray(deliveries.status, [...ATTENTION_STATUSES])),
      db
        .select({ n: count(), paise: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)::bigint`.mapWith(Number) })
        .from(payouts)
        .where(eq(payouts.status, "pending")),
      db.select().from(storeHealth).where(sql`${storeHealth.pausedAt} is not null`),
      // Store notices in dispute (issue 41): the open ones, and those past the deadline we promised.
      db
        .select({
          open: count(),
          overdue: sql<number>`(count(*) filter (where ${fraudCases.deadline} < ${today}::date))::int`,
        })
        .from(fraudCases)
        .where(eq(fraudCases.status, "open")),
      db.select({ n: count() }).from(streamWarnings).where(isNull(streamWarnings.reviewedAt)),
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
  return {
    totals: {
      users: u?.n ?? 0,
      releases: r?.n ?? 0,
      activeSubscriptions: s?.n ?? 0,
      openTickets: t?.n ?? 0,
      pendingReleases: p?.n ?? 0,
    },
    queues: {
      reviewReleases: p?.n ?? 0,
      failedDeliveryReleases: fd?.n ?? 0,
      pendingPayouts: pw?.n ?? 0,
      pendingPayoutsPaise: pw?.paise ?? 0,
      openCases: cases?.open ?? 0,
      overdueCases: cases?.overdue ?? 0,
      streamWarnings: warnings?.n ?? 0,
      // Stores paused after failing again and again: the alert, with the reason.
      pausedStores: paused.map((p) => ({
        store: p.store,
        storeName: deps.delivery.stores.find((s) => s.id === p.store)?.name ?? p.store,
        pausedAt: p.pausedAt?.toISOString() ?? "",
        lastError: p.lastError,
      })),
    },
    system,
    recentActivity,
  };
}

/** A few users, releases and tickets matching the text, for the admin's search box. */
export async function adminSearch(db: Db, q: string) {
  const pattern = likePattern(q);
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
  return { users: foundUsers, releases: foundReleases, tickets: foundTickets };
}
