// Holds on disputed earnings (issue 41). While a store's notice is in dispute, exactly the ledger lines
// it names (the flagged tracks, at that store, in its months, for every payee on the split sheet) are
// matched by a `hold` line of the opposite amount, so a balance — which is only ever a sum of entries —
// no longer counts them as payable, and every other line stays payable. Holds follow the earnings
// as they are posted (a report for the flagged months that arrives after the notice is held too), by
// the same comparison the posting uses: what should be held, less what is, posted as the difference.
//
// A decision settles each track: dismissed, the hold is released by a `hold_release` in the month of
// the decision (the next statement shows it as payable); upheld, the release is matched by a
// `reversal`, so the money stays off the balance with the case's reason. A store's fee is its own
// `store_fee` line, reversed by a line of the opposite amount.
import { sql } from "drizzle-orm";
import { monthOf, todayIst } from "#domain/clock";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";

/** Which open cases to bring up to date: those of some workspaces, or some cases. */
export type HoldScope = { workspaceIds: string[] } | { caseIds: string[] };

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Posts, for every open case in scope, the difference between what its lines should hold (the
 * negative of what they earned) and what they hold. Must run inside the caller's transaction.
 * Answers the amount posted (negative: more held).
 */
export async function syncCaseHolds(db: Db, scope: HoldScope): Promise<number> {
  const ids = "workspaceIds" in scope ? scope.workspaceIds : scope.caseIds;
  if (!ids.length) return 0;
  if ("workspaceIds" in scope) {
    // An import touches thousands of workspaces and there is rarely an open case: ask that first.
    const open = rowsOf(await db.execute(sql`select 1 from fraud_cases where status = 'open' limit 1`));
    if (!open.length) return 0;
  }
  const which = "workspaceIds" in scope ? sql`c.workspace_id in (${list(ids)})` : sql`c.id in (${list(ids)})`;
  const [posted] = rowsOf<{ sum: string | null }>(
    await db.execute(sql`
      with scope as (
        select c.id as case_id, ct.release_id, ct.isrc, c.store, c.period_from, c.period_to
        from fraud_cases c join fraud_case_tracks ct on ct.case_id = c.id
        where c.status = 'open' and ${which}
      ), lines as (
        select s.case_id, e.release_id, e.isrc, e.month, e.store, e.country, e.sheet_id, e.collaborator_id,
          coalesce(sum(e.amount_paise) filter (where e.kind in ('earning', 'recoupment')), 0) as earned,
          coalesce(sum(e.amount_paise) filter (where e.kind = 'hold' and e.case_id = s.case_id), 0) as held
        from scope s
        join royalty_entries e on e.release_id = s.release_id and e.isrc = s.isrc and e.store = s.store
          and e.month between s.period_from and s.period_to
        where e.kind in ('earning', 'recoupment', 'hold')
        group by s.case_id, e.release_id, e.isrc, e.month, e.store, e.country, e.sheet_id, e.collaborator_id
      ), inserted as (
        insert into royalty_entries (user_id, collaborator_id, kind, amount_paise, month, release_id, isrc, store,
          country, sheet_id, case_id)
        -- The owner's lines hold from the release's owner; a collaborator's from their account, or
        -- from escrow (no user) until they accept, like their earnings.
        select case when l.collaborator_id is null then r.user_id else co.accepted_user_id end, l.collaborator_id,
          'hold', -l.earned - l.held, l.month, l.release_id, l.isrc, l.store, l.country, l.sheet_id, l.case_id
        from lines l
        join releases r on r.id = l.release_id
        left join collaborators co on co.id = l.collaborator_id
        where l.earned + l.held <> 0
        returning amount_paise
      )
      select sum(amount_paise)::bigint as sum from inserted`),
  );
  return Number(posted?.sum ?? 0);
}

/**
 * Settles the holds of some tracks of a case (its status already decided): each payee's held amount
 * is released in this month; for an upheld track, reversed by the same amount with the case. Inside
 * the decision's transaction.
 */
export async function settleCaseHolds(
  db: Db,
  caseId: string,
  tracks: { releaseId: string; isrc: string; upheld: boolean }[],
  at: Date = new Date(),
) {
  if (!tracks.length) return;
  const month = monthOf(todayIst(at));
  const upheld = tracks.filter((t) => t.upheld);
  const pairs = (ts: typeof tracks) =>
    sql.join(
      ts.map((t) => sql`(${t.releaseId}::uuid, ${t.isrc})`),
      sql`, `,
    );
  await db.execute(sql`
    with held as (
      select e.release_id, e.isrc, e.store, e.collaborator_id, sum(e.amount_paise)::bigint as held
      from royalty_entries e
      where e.case_id = ${caseId} and e.kind = 'hold' and (e.release_id, e.isrc) in (${pairs(tracks)})
      group by e.release_id, e.isrc, e.store, e.collaborator_id
      having sum(e.amount_paise) <> 0
    ), payees as (
      select h.*, case when h.collaborator_id is null then r.user_id else co.accepted_user_id end as user_id
      from held h join releases r on r.id = h.release_id left join collaborators co on co.id = h.collaborator_id
    )
    insert into royalty_entries (user_id, collaborator_id, kind, amount_paise, month, release_id, isrc, store, case_id)
    select user_id, collaborator_id, 'hold_release', -held, ${month}::date, release_id, isrc, store, ${caseId}::uuid
    from payees
    union all
    select user_id, collaborator_id, 'reversal', held, ${month}::date, release_id, isrc, store, ${caseId}::uuid
    from payees where ${upheld.length ? sql`(release_id, isrc) in (${pairs(upheld)})` : sql`false`}`);
}

/** A store's fee as its own line on the workspace's balance (negative), or its reversal (positive). */
export async function postStoreFee(
  db: Db,
  entry: { workspaceId: string; caseId: string; store: string; amountPaise: number },
  at: Date = new Date(),
) {
  if (!entry.amountPaise) return;
  await db.execute(sql`
    insert into royalty_entries (user_id, kind, amount_paise, month, store, case_id)
    values (${entry.workspaceId}, 'store_fee', ${entry.amountPaise}, ${monthOf(todayIst(at))}::date, ${entry.store},
      ${entry.caseId}::uuid)`);
}

/** What a case holds now and what it released, reversed and charged, for the case file. */
export async function caseMoney(db: Db, caseId: string) {
  const rows = rowsOf<{ kind: string; sum: string }>(
    await db.execute(sql`
      select kind, sum(amount_paise)::bigint as sum from royalty_entries where case_id = ${caseId} group by kind`),
  );
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.sum ?? 0);
  return {
    heldPaise: -(of("hold") + of("hold_release")),
    releasedPaise: of("hold_release"),
    reversedPaise: -of("reversal"),
    feePaise: -of("store_fee"),
  };
}
