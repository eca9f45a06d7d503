// Royalties and payouts, as plain functions over their dependencies: no HTTP here. A refusal is a
// DomainError; royalties.routes.ts validates, authorizes and shapes the answers.
import { and, desc, eq, sql } from "drizzle-orm";
import { MINIMUM_PAYOUT_PAISE } from "#domain/business";
import { formatInr } from "#domain/money";
import { PLANS } from "#domain/plans";
import { canRequestPayout, ROYALTY_MESSAGES } from "#domain/royalties";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { dailyStreamFacts, payoutAccounts, payouts, royaltyLedger, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { notifyUser } from "#server/modules/notifications";
import { currentPlanId } from "#server/modules/subscriptions";

type PayoutRow = typeof payouts.$inferSelect;
const toPayout = (p: PayoutRow) => ({
  id: p.id,
  amountPaise: p.amountPaise,
  status: p.status as "pending" | "completed",
  method: p.method,
  reference: p.reference,
  requestedAt: p.requestedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

export async function loadRoyalties(db: Db, userId: string) {
  const share = PLANS[await currentPlanId(db, userId)].royaltySharePercent;
  const [monthly, paid, stores] = await Promise.all([
    db.select().from(royaltyLedger).where(eq(royaltyLedger.userId, userId)).orderBy(royaltyLedger.month),
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.requestedAt)).limit(200),
    db
      .select({
        store: dailyStreamFacts.store,
        gross: sql<number>`sum(${dailyStreamFacts.revenuePaise})::bigint`.mapWith(Number),
      })
      .from(dailyStreamFacts)
      .where(eq(dailyStreamFacts.ownerId, userId))
      .groupBy(dailyStreamFacts.store)
      .orderBy(desc(sql`sum(${dailyStreamFacts.revenuePaise})`)),
  ]);
  const total = monthly.reduce((s, m) => s + m.netPaise, 0);
  const completed = paid.filter((p) => p.status === "completed");
  const paidOut = completed.reduce((s, p) => s + p.amountPaise, 0);
  const requested = paid.reduce((s, p) => s + p.amountPaise, 0);
  const available = total - requested;
  const grossTotal = stores.reduce((s, p) => s + p.gross, 0);
  const last = completed.sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0))[0];
  return {
    totalEarningsPaise: total,
    pendingPaymentPaise: total - paidOut,
    availablePaise: available,
    minimumPayoutPaise: MINIMUM_PAYOUT_PAISE,
    canRequestPayout: canRequestPayout(available),
    lastPayment: last?.completedAt ? { amountPaise: last.amountPaise, date: last.completedAt.toISOString() } : null,
    monthly: monthly.map((m) => ({
      month: m.month,
      grossPaise: m.grossPaise,
      sharePercent: m.sharePercent,
      netPaise: m.netPaise,
    })),
    // Store split of earnings at the current plan's share (the ledger keeps the exact monthly totals).
    platforms: stores.map((s) => ({
      store: s.store,
      netPaise: Math.floor((s.gross * share + 50) / 100),
      percent: grossTotal ? Math.round((s.gross / grossTotal) * 1000) / 10 : 0,
    })),
    payouts: paid.map(toPayout),
  };
}

/** Asks for the whole available balance to be paid to the artist's payout account. */
export async function requestPayout(db: Db, userId: string) {
  const [account] = await db
    .select({ method: payoutAccounts.method })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  if (!account) throw new DomainError("conflict", "NO_PAYOUT_ACCOUNT", ROYALTY_MESSAGES.noPayoutAccount);
  await db.transaction(async (tx) => {
    // One request at a time per artist, so two clicks cannot both take the same balance.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${userId}`}))`);
    const { availablePaise } = await loadRoyalties(tx as unknown as Db, userId);
    if (!canRequestPayout(availablePaise)) {
      throw new DomainError(
        "conflict",
        "BELOW_MINIMUM",
        ROYALTY_MESSAGES.belowMinimum(formatInr(MINIMUM_PAYOUT_PAISE)),
      );
    }
    await tx.insert(payouts).values({ userId, amountPaise: availablePaise, method: account.method, status: "pending" });
  });
  return loadRoyalties(db, userId);
}

/** Every artist's payouts for the admin, pending first, newest first. */
export async function listPayouts(db: Db) {
  const rows = await db
    .select({ payout: payouts, userName: users.name, userEmail: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .orderBy(sql`${payouts.status} = 'completed'`, desc(payouts.requestedAt))
    .limit(200);
  return rows.map((r) => ({ ...toPayout(r.payout), userName: r.userName, userEmail: r.userEmail }));
}

/** The admin marks a pending payout paid, with the bank's reference; the artist is told. */
export async function completePayout(
  deps: Pick<AppDeps, "database" | "mailer" | "logger" | "publicUrl">,
  id: string,
  reference: string,
) {
  const db = deps.database.db;
  const [updated] = await db
    .update(payouts)
    .set({ status: "completed", reference, completedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, "pending")))
    .returning();
  if (!updated) {
    const [exists] = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id));
    throw exists
      ? new DomainError("conflict", "NOT_PENDING", "This payout is already completed.")
      : new DomainError("not_found", "NOT_FOUND", "Payout not found.");
  }
  await notifyUser(
    { db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
    {
      userId: updated.userId,
      kind: "payment",
      title: ROYALTY_MESSAGES.completedTitle,
      body: `We paid ${formatInr(updated.amountPaise)} (reference ${reference}).`,
      link: "/app/royalties",
      emailPreference: "emailPaymentUpdates",
    },
  );
  return toPayout(updated);
}
