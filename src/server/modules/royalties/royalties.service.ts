// Royalties, as plain functions over their dependencies: no HTTP here. A refusal is a DomainError;
// royalties.routes.ts validates, authorizes and shapes the answers. Every balance is the sum of the
// payee's royalty_entries; payouts (the payouts module) post their debits into the same entries.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { MINIMUM_PAYOUT_PAISE } from "#domain/business";
import { financialYearIst } from "#domain/clock";
import { PAYOUT_COUNTED_STATUSES, type PayeeMethod, type PayoutStatus } from "#domain/payouts";
import { canRequestPayout } from "#domain/royalties";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { payouts, royaltyEntries, royaltyLedger } from "#server/db/schema";
import type { Payouts } from "#server/lib/payout-provider";

type PayoutRow = typeof payouts.$inferSelect;
/** A payout as the API answers it. */
export const toPayout = (p: PayoutRow) => ({
  id: p.id,
  amountPaise: p.amountPaise,
  tdsPaise: p.tdsPaise,
  netPaise: p.amountPaise - p.tdsPaise,
  status: p.status as PayoutStatus,
  method: p.method as PayeeMethod,
  reference: p.reference ?? p.utr,
  utr: p.utr,
  provider: p.provider,
  failureReason: p.failureReason,
  financialYear: p.financialYear,
  requestedAt: p.requestedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

/** What a payee may withdraw: the sum of their entries. */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${royaltyEntries.amountPaise}), 0)::bigint`.mapWith(Number) })
    .from(royaltyEntries)
    .where(eq(royaltyEntries.userId, userId));
  return row?.sum ?? 0;
}

/** The year's payouts so far (counted ones only: a failed or reversed payout paid nothing). */
/**
 * What was paid and deducted in the financial year. TDS thresholds are the payee's, and the payee is
 * their PAN (issue 33: counted per account, one person with two accounts stayed under it): every payout
 * to the same PAN counts, and this account's payouts made before PANs were recorded on payouts.
 */
export async function yearToDate(db: Db, userId: string, fy: string, panHash?: string | null) {
  const whose = panHash
    ? or(eq(payouts.panHash, panHash), and(isNull(payouts.panHash), eq(payouts.userId, userId)))
    : eq(payouts.userId, userId);
  const [row] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)::bigint`.mapWith(Number),
      tds: sql<number>`coalesce(sum(${payouts.tdsPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(payouts)
    .where(and(whose, eq(payouts.financialYear, fy), inArray(payouts.status, [...PAYOUT_COUNTED_STATUSES])));
  return { paid: row?.paid ?? 0, tds: row?.tds ?? 0 };
}

export async function loadRoyalties(deps: { db: Db; payouts: Payouts }, userId: string) {
  const { db } = deps;
  const fy = financialYearIst(new Date());
  const [monthly, summary, paid, stores, totals, held, year] = await Promise.all([
    db
      .select({
        month: sql<string>`to_char(${royaltyEntries.month}, 'YYYY-MM-DD')`,
        net: sql<number>`sum(${royaltyEntries.amountPaise})::bigint`.mapWith(Number),
      })
      .from(royaltyEntries)
      .where(and(eq(royaltyEntries.userId, userId), inArray(royaltyEntries.kind, ["earning", "recoupment"])))
      .groupBy(royaltyEntries.month)
      .orderBy(royaltyEntries.month),
    db.select().from(royaltyLedger).where(eq(royaltyLedger.userId, userId)),
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.requestedAt)).limit(200),
    db
      .select({
        store: royaltyEntries.store,
        net: sql<number>`sum(${royaltyEntries.amountPaise})::bigint`.mapWith(Number),
      })
      .from(royaltyEntries)
      .where(and(eq(royaltyEntries.userId, userId), inArray(royaltyEntries.kind, ["earning", "recoupment"])))
      .groupBy(royaltyEntries.store)
      .orderBy(desc(sql`sum(${royaltyEntries.amountPaise})`)),
    db
      .select({
        earned:
          sql<number>`coalesce(sum(${royaltyEntries.amountPaise}) filter (where ${royaltyEntries.kind} in ('earning', 'recoupment', 'escrow_release')), 0)::bigint`.mapWith(
            Number,
          ),
        balance: sql<number>`coalesce(sum(${royaltyEntries.amountPaise}), 0)::bigint`.mapWith(Number),
        // Held by open store-notice cases (issue 41): holds not yet released.
        inCases:
          sql<number>`coalesce(-sum(${royaltyEntries.amountPaise}) filter (where ${royaltyEntries.kind} in ('hold', 'hold_release', 'reversal') and ${royaltyEntries.caseId} in (select id from fraud_cases where status = 'open')), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(royaltyEntries)
      .where(eq(royaltyEntries.userId, userId)),
    // Held in escrow for the owner's collaborators who have not accepted their invites yet.
    db.execute(sql`
      select coalesce(sum(e.amount_paise), 0)::bigint as held from royalty_entries e
      join collaborators c on c.id = e.collaborator_id
      where c.owner_id = ${userId} and e.user_id is null`),
    yearToDate(db, userId, fy),
  ]);
  const earned = totals[0]?.earned ?? 0;
  const available = totals[0]?.balance ?? 0;
  const completed = paid.filter((p) => p.status === "completed");
  const paidOut = completed.reduce((s, p) => s + p.amountPaise, 0);
  const netTotal = stores.reduce((s, p) => s + p.net, 0);
  const last = completed.sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0))[0];
  const ledger = new Map(summary.map((l) => [l.month, l]));
  return {
    totalEarningsPaise: earned,
    pendingPaymentPaise: earned - paidOut,
    availablePaise: available,
    minimumPayoutPaise: MINIMUM_PAYOUT_PAISE,
    canRequestPayout: canRequestPayout(available),
    heldForCollaboratorsPaise: Number(rowsOf<{ held: string }>(held)[0]?.held ?? 0),
    heldInCasesPaise: totals[0]?.inCases ?? 0,
    lastPayment: last?.completedAt ? { amountPaise: last.amountPaise, date: last.completedAt.toISOString() } : null,
    // Monthly: the payee's own part; gross and share where they own the releases that earned it.
    monthly: monthly.map((m) => ({
      month: m.month,
      grossPaise: ledger.get(m.month)?.grossPaise ?? 0,
      sharePercent: ledger.get(m.month)?.sharePercent ?? 0,
      netPaise: m.net,
    })),
    platforms: stores.map((s) => ({
      store: s.store,
      netPaise: s.net,
      percent: netTotal ? Math.round((s.net / netTotal) * 1000) / 10 : 0,
    })),
    tds: {
      section: deps.payouts.tds.section,
      financialYear: fy,
      paidThisYearPaise: year.paid,
      deductedThisYearPaise: year.tds,
      thresholdPaise: deps.payouts.tds.thresholdPaise,
    },
    payouts: paid.map(toPayout),
  };
}
