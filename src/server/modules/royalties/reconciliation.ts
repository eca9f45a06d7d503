import { sql } from "drizzle-orm";
import { ARTIST_SHARE_SQL, formatInr } from "#domain/money";
import { PAYOUT_MESSAGES } from "#domain/payouts";
import { RECONCILIATION_MESSAGES, type ReconciliationKind } from "#domain/royalties";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { royaltyAuditFindings } from "#server/db/schema";
import type { Logger } from "#server/lib/logger";

export interface ReconciliationFinding {
  kind: ReconciliationKind;
  userId: string | null;
  releaseId: string | null;
  month: string | null;
  amountPaise: number;
  message: string;
}

export interface Reconciliation {
  ok: boolean;
  checkedAt: string;
  ledgerRows: number;
  ledgerGrossPaise: number;
  tracedGrossPaise: number;
  findings: ReconciliationFinding[];
}

const MAX_FINDINGS = 500;

/**
 * Facts that may earn: the release went to stores, holds the UPC it carries, and (for a track-level
 * row) holds the ISRC too. Everything the ledger says must be made of these and nothing else.
 */
const TRACED_FACTS = sql`
  select f.*, r.user_id as payee from daily_stream_facts f
  join releases r on r.id = f.release_id
  where r.status in ('live', 'taken_down') and r.user_id is not null
    and exists (select 1 from issued_identifiers u where u.code = lpad(r.upc_ean, 13, '0') and u.release_id = r.id)
    and (f.isrc = '' or exists (select 1 from issued_identifiers i where i.code = f.isrc and i.release_id = r.id))`;

/**
 * Proves the royalty ledger from its sources: every ledger row equals the payee's traced earnings for
 * its month (gross, and net at its share), no earnings sit on a release that is not entitled to them,
 * and nobody has requested more than they earned. Read-only: it reports, an admin decides.
 */
export async function reconcileRoyalties(db: Db): Promise<Reconciliation> {
  const ledger = rowsOf<{
    user_id: string | null;
    month: string;
    gross_paise: string | null;
    net_paise: string | null;
    traced: string | null;
    traced_net: string | null;
    posted: string | null;
  }>(
    await db.execute(sql`
      with keyed as (
        select payee as user_id, date_trunc('month', day)::date as month, release_id, isrc, store, country,
          sum(revenue_paise)::bigint as gross
        from (${TRACED_FACTS}) t group by 1, 2, 3, 4, 5, 6
      ), traced as (
        -- The share applies per release, track, store and country, each rounded half up (as posted).
        select k.user_id, k.month, sum(k.gross)::bigint as gross,
          sum(${sql.raw(ARTIST_SHARE_SQL.replace("{gross}", "k.gross").replace("{share}", "coalesce(l.share_percent, 0)"))})::bigint as net
        from keyed k left join royalty_ledger l on l.user_id = k.user_id and l.month = k.month
        group by 1, 2
      ), posted as (
        select r.user_id, e.month, sum(e.amount_paise)::bigint as posted
        from royalty_entries e join releases r on r.id = e.release_id
        where e.kind in ('earning', 'recoupment') group by 1, 2
      )
      select coalesce(l.user_id, t.user_id) as user_id, to_char(coalesce(l.month, t.month), 'YYYY-MM-DD') as month,
        l.gross_paise, l.net_paise, t.gross as traced, t.net as traced_net, p.posted
      from royalty_ledger l full join traced t on t.user_id = l.user_id and t.month = l.month
      left join posted p on p.user_id = coalesce(l.user_id, t.user_id) and p.month = coalesce(l.month, t.month)
      order by 1, 2`),
  );
  const findings: ReconciliationFinding[] = [];
  let ledgerRows = 0;
  let ledgerGross = 0;
  let tracedGross = 0;
  for (const row of ledger) {
    const gross = Number(row.gross_paise ?? 0);
    const traced = Number(row.traced ?? 0);
    if (row.gross_paise !== null) ledgerRows += 1;
    ledgerGross += gross;
    tracedGross += traced;
    // The month's net is what the facts give after the share, and what was posted to its payees.
    const net = Number(row.net_paise ?? 0);
    const netRight = row.net_paise === null || (net === Number(row.traced_net ?? 0) && net === Number(row.posted ?? 0));
    if (gross !== traced || !netRight) {
      findings.push({
        kind: "ledger_mismatch",
        userId: row.user_id,
        releaseId: null,
        month: row.month,
        amountPaise: gross - traced,
        message: RECONCILIATION_MESSAGES.ledgerMismatch(row.month, formatInr(gross), formatInr(traced)),
      });
    }
  }

  const untraced = rowsOf<{ release_id: string; user_id: string | null; title: string; revenue: string }>(
    await db.execute(sql`
      select f.release_id, r.user_id, r.title, sum(f.revenue_paise)::bigint as revenue
      from daily_stream_facts f join releases r on r.id = f.release_id
      where not exists (select 1 from (${TRACED_FACTS}) t where t.release_id = f.release_id and t.isrc = f.isrc
        and t.store = f.store and t.country = f.country and t.day = f.day)
      group by f.release_id, r.user_id, r.title
      order by revenue desc
      limit ${MAX_FINDINGS}`),
  );
  for (const row of untraced) {
    findings.push({
      kind: "untraced_earnings",
      userId: row.user_id,
      releaseId: row.release_id,
      month: null,
      amountPaise: Number(row.revenue),
      message: RECONCILIATION_MESSAGES.untraced(row.title, formatInr(Number(row.revenue))),
    });
  }

  const overdrawn = rowsOf<{ user_id: string; requested: string; earned: string }>(
    await db.execute(sql`
      select p.user_id, p.requested, coalesce(l.earned, 0) as earned
      from (select user_id, sum(amount_paise)::bigint as requested from payouts
            where status not in ('failed', 'reversed') group by user_id) p
      left join (select user_id, sum(amount_paise)::bigint as earned from royalty_entries
                 where kind in ('earning', 'recoupment', 'escrow_release') group by user_id) l
        on l.user_id = p.user_id
      where p.requested > coalesce(l.earned, 0)
      limit ${MAX_FINDINGS}`),
  );
  for (const row of overdrawn) {
    const requested = Number(row.requested);
    const earned = Number(row.earned);
    findings.push({
      kind: "overdrawn",
      userId: row.user_id,
      releaseId: null,
      month: null,
      amountPaise: requested - earned,
      message: RECONCILIATION_MESSAGES.overdrawn(formatInr(requested), formatInr(earned)),
    });
  }

  // What the migration that introduced code claims found in data posted before them.
  const audit = rowsOf<{ user_id: string | null; release_id: string | null; revenue_paise: string; detail: string }>(
    await db.execute(
      sql`select user_id, release_id, revenue_paise, detail from royalty_audit_findings order by created_at limit ${MAX_FINDINGS}`,
    ),
  );
  for (const row of audit) {
    findings.push({
      kind: "migration_audit",
      userId: row.user_id,
      releaseId: row.release_id,
      month: null,
      amountPaise: Number(row.revenue_paise),
      message: row.detail,
    });
  }

  // A payout provider's webhook that contradicted our record of a payout (e.g. paid one we hold as ended).
  const disagreements = rowsOf<{
    type: string;
    payout_id: string | null;
    user_id: string | null;
    status: string | null;
    amount: string | null;
  }>(
    await db.execute(sql`
      select e.type, p.id as payout_id, p.user_id, p.status, p.amount_paise as amount
      from payment_events e
      left join payouts p on p.id::text = e.payload #>> '{payload,payout,entity,reference_id}'
      where e.outcome = 'disagrees' and e.gateway like '%-payouts'
      order by e.received_at desc limit ${MAX_FINDINGS}`),
  );
  for (const row of disagreements) {
    findings.push({
      kind: "provider_disagrees",
      userId: row.user_id,
      releaseId: null,
      month: null,
      amountPaise: Number(row.amount ?? 0),
      message: PAYOUT_MESSAGES.disagrees(row.status ?? "unknown", row.type),
    });
  }

  return {
    ok: findings.length === 0,
    checkedAt: new Date().toISOString(),
    ledgerRows,
    ledgerGrossPaise: ledgerGross,
    tracedGrossPaise: tracedGross,
    findings: findings.slice(0, MAX_FINDINGS),
  };
}

/** Earnings the claims migration found posted to releases not entitled to them: an admin must look. */
export async function warnOfRoyaltyAudit(db: Db, logger: Logger) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(royaltyAuditFindings);
  if (row?.n) {
    logger.warn(
      { findings: row.n },
      "royalty audit: earnings were posted to releases that did not hold their codes; see Store Reports → Check royalties",
    );
  }
}
