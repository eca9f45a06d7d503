// Posting store earnings to payees (issue 19): store revenue → our plan share → recoupment → split
// allocation → each payee's entries in the royalty ledger, in paise. Called inside the transaction
// that changes the facts (a report's import, a plan change), so a failure posts nothing.
//
// Posting is a comparison, not an accumulation: for every track touched, what each payee should hold
// is computed from the facts as they now stand (for a report, in the months it touched; where a
// sheet repays someone first, the track's whole history, oldest first, so recoupment is
// deterministic); where that differs from what the ledger holds, the old amount is reversed and the
// new one posted. Importing a restated report therefore leaves every balance as if
// the new figures had been imported first.
import { and, inArray, type SQL, sql } from "drizzle-orm";
import { lastDayOfMonth } from "#domain/clock";
import { ARTIST_SHARE_SQL, artistShare } from "#domain/money";
import { DEFAULT_PLAN_ID, PLANS, type PlanId } from "#domain/plans";
import { allocateHistory, type SheetTerms } from "#domain/splits";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { type royaltyEntries, royaltyLedger, subscriptions } from "#server/db/schema";
import { TABLE_CHANGED_CHANNEL } from "#server/lib/read-cache";
import { syncCaseHolds } from "./holds";

/** Owners' monthly summary rows written per statement. */
const SUMMARY_ROWS_PER_INSERT = 20_000;
/** Ledger entries written per statement (a few megabytes of JSON). */
const ENTRIES_PER_INSERT = 20_000;
const OWNER = "owner";

/**
 * Which tracks to repost: those a report touched, in the months its rows fall in ("YYYY-MM-01",
 * which its import already knows), or everything some owners' releases earned.
 */
export type PostingScope =
  | {
      reportId: string;
      months: string[];
      /**
       * Months the report brought whole, whose sums per release, track, store and country its import
       * keeps in `table` (decision 048): read there, not from the months' facts again.
       */
      summed?: { table: string; months: string[] };
      /**
       * The plain tracks' entries for the report's one month, written beside this transaction
       * (`prebuildPlainEntries`): made part of the ledger if what they were computed from still
       * stands, or dropped and posted here.
       */
      prebuilt?: Promise<PlainLedger | null> | null;
      /**
       * The split tracks' entries for the report's one month, computed on another connection while
       * this transaction attached the month (`precomputeSplitPasses`): written here for each pass they
       * were computed for, if the split tracks are the same.
       */
      precomputed?: Promise<SplitPasses | null> | null;
    }
  | { ownerIds: string[] };
/**
 * What one posting pass covers: some owners' releases, or a chunk of a report's tracks in the months
 * it touched; `wholeHistory` are the releases among them a sheet repays someone on first, whose
 * running total needs every month.
 */
type PassScope =
  | { ownerIds: string[] }
  | {
      tracks: { releaseId: string; isrc: string }[];
      months: string[];
      wholeHistory: string[];
      /** The report's sums, when it brought every one of the months whole (decision 048). */
      summed?: string;
    };
/** A pass over some of a report's tracks. */
type TrackPass = Extract<PassScope, { tracks: unknown }>;
/** A report's tracks are reposted this many at a time, so memory stays bounded whatever the report's size. */
const TRACKS_PER_PASS = 500;

interface Piece {
  releaseId: string;
  ownerId: string;
  isrc: string;
  store: string;
  country: string;
  month: string;
  firstDay: string;
  sheetId: string | null;
  grossPaise: number;
  netPaise: number;
  sheet: SheetTerms | null;
}

/** The plan share of each owner for each month: the plan in force on the month's last day. */
async function shareLookup(db: Db, ownerIds: string[]) {
  const subs = ownerIds.length
    ? await db
        .select({
          userId: subscriptions.userId,
          planId: subscriptions.planId,
          start: subscriptions.startDate,
          end: subscriptions.endDate,
        })
        .from(subscriptions)
        .where(inArray(subscriptions.userId, ownerIds))
    : [];
  return (userId: string, month: string) => {
    const lastDay = lastDayOfMonth(month);
    const plan = subs
      .filter((s) => s.userId === userId && s.start <= lastDay && s.end >= lastDay)
      .sort((a, b) => b.start.localeCompare(a.start))[0]?.planId;
    return PLANS[(plan as PlanId | undefined) ?? DEFAULT_PLAN_ID].royaltySharePercent;
  };
}

/** A list of values for `in (…)`. */
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The first day after a month's last ("YYYY-MM-01" in, a date expression out). */
const monthEnd = (month: string) => sql`(${month}::date + interval '1 month')::date`;

/**
 * Facts (alias `f`) on the days of some months: as ranges of days, so only those months' partitions
 * are read (decision 043).
 */
const factDaysIn = (months: readonly string[]) =>
  sql.join(
    months.map((m) => sql`(f.day >= ${m}::date and f.day < ${monthEnd(m)})`),
    sql` or `,
  );

/** The filter on a table holding (release_id, isrc) under `alias`, for a pass. */
function inPass(scope: PassScope, alias: "f" | "e") {
  const a = sql.raw(alias);
  if ("tracks" in scope) {
    // The pass's tracks as one JSON parameter joined as a table: a list of literal pairs made the
    // planner test each row against hundreds of alternatives.
    const tracks = sql`(${a}.release_id, ${a}.isrc) in (select release_id, isrc
      from json_to_recordset(${JSON.stringify(scope.tracks.map((t) => ({ release_id: t.releaseId, isrc: t.isrc })))}::json)
        as p(release_id uuid, isrc text))`;
    // Only the months the report touched: each month's allocation stands alone, unless a sheet of the
    // release repays someone first, whose running total needs the track's whole history. Facts are
    // read as ranges of days, so only the months' partitions are read (decision 043).
    const months =
      alias === "f"
        ? factDaysIn(scope.months)
        : sql.join(
            scope.months.map((m) => sql`e.month = ${m}::date`),
            sql` or `,
          );
    if (!scope.wholeHistory.length) return sql`${tracks} and (${months})`;
    return sql`${tracks} and (${months} or ${a}.release_id in (${list(scope.wholeHistory)}))`;
  }
  return sql`${a}.release_id in (select id from releases where user_id in (${list(scope.ownerIds)}))`;
}

/** The split sheets of the releases a pass covers. */
function sheetsInPass(scope: PassScope) {
  if ("tracks" in scope) return sql`ss.release_id in (${list([...new Set(scope.tracks.map((t) => t.releaseId))])})`;
  return sql`ss.release_id in (select id from releases where user_id in (${list(scope.ownerIds)}))`;
}

/**
 * Reposts the earnings of the tracks in scope and rebuilds their owners' monthly summary. Returns the
 * owners touched. Must run inside a transaction (the caller's).
 */
export async function repostEarnings(db: Db, scope: PostingScope): Promise<string[]> {
  if ("ownerIds" in scope) {
    if (!scope.ownerIds.length) return [];
    const owners = await postPass(db, scope, null);
    for (const id of scope.ownerIds) if (!owners.includes(id)) owners.push(id);
    await rebuildSummary(db, owners, await shareLookup(db, owners));
    // Lines a store's notice disputes stay held as they are reposted (issue 41).
    await syncCaseHolds(db, { workspaceIds: owners });
    return owners;
  }
  const reported = await reportedTracks(
    db,
    sql`(select release_id, isrc from report_tracks where report_id = ${scope.reportId})`,
  );
  const { months } = scope;
  const owners = new Set<string>();
  // Most tracks have no sheet: all of their net is the owner's, posted in one statement, or written
  // beside this transaction already.
  const plain = reported.filter((t) => !t.split);
  const tracks = reported.filter((t) => t.split).map((t) => ({ releaseId: t.release_id, isrc: t.isrc }));
  const passes = splitPasses(await repayingReleases(db), tracks, months, scope.summed);
  // Entries computed beside this transaction count only for the same split tracks with the same owners.
  const ahead = await scope.precomputed;
  const usable = ahead?.tracks === splitTracksKey(reported) ? ahead.passes : [];
  for (const [i, pass] of passes.entries()) {
    // Computed ahead only from the sums, for tracks whose history it did not need.
    const ready = pass.summed && !pass.wholeHistory.length ? usable[i] : null;
    const computed = ready ?? (await computePass(db, pass, scope.reportId));
    await writeEntries(db, computed.inserts);
    for (const id of computed.ownerIds) owners.add(id);
  }
  // The plain tracks last: their entries may still be being written beside this transaction, which
  // meanwhile did everything else it could.
  const prebuilt = await scope.prebuilt;
  const adopted = prebuilt ? await adoptPlainLedger(db, prebuilt, plain, months) : false;
  if (!adopted) await postPlainTracks(db, plain, months, scope.reportId, scope.summed);
  for (const id of ownersOf(plain)) owners.add(id);
  const ownerIds = [...owners];
  // Only the report's months change: elsewhere a month's net is its facts' net, however allocated.
  await rebuildSummary(db, ownerIds, await shareLookup(db, ownerIds), months);
  // A report for months a store's notice names arrives after it: its lines are held too (issue 41).
  await syncCaseHolds(db, { workspaceIds: ownerIds });
  return ownerIds;
}

/** A track a report brought, its release's owner now, and whether a split sheet names it. */
interface ReportedTrack {
  release_id: string;
  isrc: string;
  owner_id: string | null;
  split: boolean;
}

/**
 * A report's tracks (`from`: a query of their release_id and isrc), each with its release's owner and
 * whether a split sheet names it (the join the facts' query makes), in order.
 */
async function reportedTracks(db: Db, from: SQL): Promise<ReportedTrack[]> {
  return rowsOf<ReportedTrack>(
    await db.execute(sql`
      select p.release_id, p.isrc, r.user_id as owner_id, exists (
        select 1 from split_sheets ss left join tracks t on t.id = ss.track_id
        where ss.release_id = p.release_id
          and ((p.isrc <> '' and t.release_id = p.release_id and t.isrc = p.isrc) or (p.isrc = '' and ss.track_id is null))
      ) as split
      from ${from} p
      join releases r on r.id = p.release_id
      order by 1, 2`),
  );
}

const ownersOf = (tracks: readonly { owner_id: string | null }[]) => [
  ...new Set(tracks.map((t) => t.owner_id).filter((id): id is string => Boolean(id))),
];

/** Releases a sheet repays someone on first: their tracks are reposted over their whole history. */
async function repayingReleases(db: Db): Promise<Set<string>> {
  return new Set(
    rowsOf<{ release_id: string }>(
      await db.execute(sql`select distinct release_id from split_sheets where recoup_paise > 0`),
    ).map((r) => r.release_id),
  );
}

/**
 * A report's split tracks in passes of `TRACKS_PER_PASS`, each with the releases among them that are
 * reposted over their whole history (few sheets repay anyone: they are read whole rather than matched
 * against the report's rows again).
 */
function splitPasses(
  repaying: ReadonlySet<string>,
  tracks: readonly { releaseId: string; isrc: string }[],
  months: string[],
  summedBy: { table: string; months: string[] } | undefined,
): TrackPass[] {
  const summed = months.every((m) => summedBy?.months.includes(m)) ? summedBy?.table : undefined;
  const passes: TrackPass[] = [];
  for (let i = 0; i < tracks.length; i += TRACKS_PER_PASS) {
    const chunk = tracks.slice(i, i + TRACKS_PER_PASS);
    const wholeHistory = [...new Set(chunk.map((t) => t.releaseId).filter((id) => repaying.has(id)))];
    passes.push({ tracks: chunk, months, wholeHistory, summed });
  }
  return passes;
}

/** A report's split tracks with their owners, in order, as one string: equal strings, the same passes. */
const splitTracksKey = (reported: readonly ReportedTrack[]) =>
  JSON.stringify(reported.filter((t) => t.split).map((t) => [t.release_id, t.isrc, t.owner_id]));

/**
 * A report's split tracks' entries, computed ahead of its import's transaction writing them (decision
 * 058): `passes[i]` is the i-th pass's, or null where the transaction computes it (a pass that needs
 * a track's whole history or a sheet that changes within a line's days reads the facts).
 */
export interface SplitPasses {
  /** The split tracks they were computed for (`splitTracksKey`). */
  tracks: string;
  passes: (PassEntries | null)[];
}

/**
 * Computes the entries of a report's split tracks for its one month, brought whole, from the report's
 * sums (`sums`), on a connection of its own, while the import's transaction attaches the month and
 * keeps the rollups: the split passes' reads and arithmetic no longer wait in that transaction, on
 * one core, while the other is free. It must start once the transaction holds the report's releases
 * (their owners then stand until it commits) and found no owner changed since the sums. Everything it
 * reads is what the transaction would read there (it writes none of it before the split passes), in
 * one snapshot; and it reads neither the facts nor anything else the transaction locks.
 */
export async function precomputeSplitPasses(
  db: Db,
  job: { reportId: string; month: string; sums: string },
): Promise<SplitPasses> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`set transaction isolation level repeatable read, read only`);
    const reported = await reportedTracks(t, sql`(select distinct release_id, isrc from ${sql.identifier(job.sums)})`);
    const tracks = reported.filter((r) => r.split).map((r) => ({ releaseId: r.release_id, isrc: r.isrc }));
    const summed = { table: job.sums, months: [job.month] };
    const passes: (PassEntries | null)[] = [];
    for (const pass of splitPasses(await repayingReleases(t), tracks, [job.month], summed)) {
      passes.push(await computePass(t, pass, job.reportId, true));
    }
    return { tracks: splitTracksKey(reported), passes };
  });
}

/**
 * Puts the plain tracks in a table of this transaction's own (`pg_temp.plain_tracks_scope`, dropped by
 * the caller), and reads what their posting depends on besides the report's sums: which tracks they
 * are and whose, the owners' plan shares in the months, and the entries the ledger holds for them
 * there. `inputs` says all of it in one string: equal strings, equal postings.
 */
async function openPlainScope(db: Db, tracks: readonly ReportedTrack[], months: readonly string[]) {
  const ownerIds = ownersOf(tracks);
  // The tracks in a table of this transaction's own, with statistics: from a JSON list the planner
  // took a report's 9,000 tracks for 100, and read the month's facts track by track through the key
  // instead of once, hashed (decision 047). A failure rolls its creation back with the rest.
  // With each track's owner as the posting read it (the report's tracks joined to their releases, in
  // this transaction): what the owner should hold is joined to its plan share by this owner, so the
  // want rows need no second lookup of each release (decision 050). A track of no owner joins no share.
  await db.execute(sql`create temp table plain_tracks_scope on commit drop as
    select (x->>0)::uuid as release_id, x->>1 as isrc, x->>2 as owner_id
    from jsonb_array_elements(${JSON.stringify(tracks.map((t) => [t.release_id, t.isrc, t.owner_id]))}::jsonb) as x`);
  await db.execute(sql`analyze pg_temp.plain_tracks_scope`);
  // The plan share of each owner in each month, by the rule `shareLookup` keeps.
  const shareFor = await shareLookup(db, ownerIds);
  const shares = months.length
    ? ownerIds.flatMap((owner) => months.map((month) => [owner, month, shareFor(owner, month)] as const))
    : [];
  // What the ledger holds for the tracks in the months: every entry, by its id (entries are never
  // changed, only added).
  const [held] = months.length
    ? rowsOf<{ entries: string }>(
        await db.execute(sql`
          select count(*) || ':' || coalesce(md5(string_agg(e.id::text, ',' order by e.id)), '') as entries
          from pg_temp.plain_tracks_scope p
          cross join lateral (
            select e.id from royalty_entries e
            where e.release_id = p.release_id and e.isrc = p.isrc and e.month in (${sql.join(
              months.map((m) => sql`${m}::date`),
              sql`, `,
            )}) and e.kind in ('earning', 'recoupment')
          ) e`),
      )
    : [];
  const inputs = JSON.stringify({
    tracks: tracks.map((t) => [t.release_id, t.isrc, t.owner_id]),
    shares,
    held: held?.entries ?? "",
  });
  return { shares, inputs };
}

/**
 * A report's plain tracks' entries for its one month, written before they are part of the ledger
 * (decision 054): in a table of their own, built beside the import's transaction on another
 * connection, with the indexes the ledger's readers use. The transaction makes the table part of the
 * ledger (`adoptPlainLedger`) if what they were computed from still stands.
 */
export interface PlainLedger {
  table: string;
  month: string;
  /** What the posting read, as `openPlainScope` says it. */
  inputs: string;
}

/** The table a report's plain entries are written into beside its import (decision 054). */
export const plainLedgerTableOf = (reportId: string) => `royalty_entries_report_${reportId.replaceAll("-", "")}`;

/**
 * Writes the plain tracks' entries of a report of one month that brought the month whole, from the
 * report's sums (`sums`, decision 048), into a table of their own that is not yet part of the ledger.
 * Reads everything in one snapshot, so what it read is what `inputs` says. The table inherits the
 * ledger's columns, defaults and checks, and its ids come from the ledger's own sequence.
 */
export async function prebuildPlainEntries(
  db: Db,
  job: { reportId: string; month: string; sums: string },
): Promise<PlainLedger> {
  const name = plainLedgerTableOf(job.reportId);
  const table = sql.identifier(name);
  if (!/^\d{4}-\d{2}-01$/.test(job.month)) throw new Error(`not a month: ${job.month}`);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`set transaction isolation level repeatable read`);
    await t.execute(sql`set local work_mem = '128MB'`);
    await t.execute(sql`set local maintenance_work_mem = '256MB'`);
    const reported = await reportedTracks(t, sql`(select distinct release_id, isrc from ${sql.identifier(job.sums)})`);
    await t.execute(sql`drop table if exists ${table}`);
    await t.execute(sql`create table ${table} (like royalty_entries including defaults including constraints)`);
    // Its ids from the ledger's own sequence, named here once: a default that looked the sequence up
    // (`pg_get_serial_sequence`) did so for every row, a search of the catalogue each (decision 059).
    const [sequence] = rowsOf<{ name: string | null }>(
      await t.execute(sql`select pg_get_serial_sequence('royalty_entries', 'id') as name`),
    );
    if (!sequence?.name) throw new Error("the ledger's ids have no sequence");
    // A name from the catalogue, as a literal: DDL takes no parameters.
    const sequenceLiteral = `'${sequence.name.replaceAll("'", "''")}'`;
    await t.execute(
      sql`alter table ${table} alter column id set default nextval(${sql.raw(sequenceLiteral)}::regclass)`,
    );
    const inputs = await postPlainTracks(
      t,
      reported.filter((r) => !r.split),
      [job.month],
      job.reportId,
      { table: job.sums, months: [job.month] },
      name,
    );
    // What it holds, said where the planner can use it (a reader of other months skips it), and the
    // indexes of the ledger's readers: built once over the table, not entry by entry.
    await t.execute(sql`alter table ${table} add constraint ${sql.identifier(`${name}_owners_earnings`)}
      check (month = ${sql.raw(`'${job.month}'`)}::date and kind = 'earning' and collaborator_id is null
        and payout_id is null and case_id is null)`);
    await t.execute(sql`alter table ${table} add primary key (id)`);
    await t.execute(sql`create index on ${table} (user_id, month)`);
    await t.execute(sql`create index on ${table} (release_id, isrc, month)`);
    await t.execute(sql`analyze ${table}`);
    return { table: name, month: job.month, inputs };
  });
}

/**
 * Makes a report's prebuilt plain entries part of the ledger, in the import's transaction, if what
 * they were computed from still stands: the same plain tracks with the same owners, the same plan
 * shares, and the same entries held for them (none, in a month no facts had). The table then inherits
 * the ledger (every read of the ledger reads it too), and what the ledger's triggers do for an insert
 * is done for its rows: every account they name exists and stays until the transaction ends, and the
 * read caches forget the ledger. Otherwise the table is dropped and nothing changes: answers false,
 * and the caller posts as usual.
 */
async function adoptPlainLedger(
  db: Db,
  prebuilt: PlainLedger,
  plain: readonly ReportedTrack[],
  months: readonly string[],
): Promise<boolean> {
  const table = sql.identifier(prebuilt.table);
  const same = months.length === 1 && months[0] === prebuilt.month;
  const { inputs } = same ? await openPlainScope(db, plain, months) : { inputs: "" };
  await db.execute(sql`drop table if exists pg_temp.plain_tracks_scope`);
  if (!same || inputs !== prebuilt.inputs) {
    await db.execute(sql`drop table if exists ${table}`);
    return false;
  }
  await db.execute(sql`alter table ${table} inherit royalty_entries`);
  // The ledger's own check of an insert's accounts (migration 0082), which its rows, arriving by
  // inheritance, did not fire.
  await db.execute(
    sql`select royalty_entries_check_accounts(array(select distinct user_id from ${table} where user_id is not null))`,
  );
  await db.execute(sql`select pg_notify(${TABLE_CHANGED_CHANNEL}, 'royalty_entries')`);
  return true;
}

/**
 * Drops a report's prebuilt plain entries unless they are part of the ledger (what a failed or
 * interrupted import leaves).
 */
export async function dropUnadoptedPlainLedger(db: Db, reportId: string) {
  const name = plainLedgerTableOf(reportId);
  const [found] = rowsOf<{ adopted: boolean }>(
    await db.execute(sql`select exists (select 1 from pg_inherits where inhrelid = c.oid) as adopted
      from pg_class c where c.oid = to_regclass(${name})`),
  );
  if (found && !found.adopted) await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
}

/**
 * Posts the differences for tracks no split sheet names, in the report's months, as one statement:
 * what the owner should hold for each month, store and country is the plan's share of the month's
 * facts (`ARTIST_SHARE_SQL`, proven equal to `artistShare`), compared with what the ledger holds, as
 * `postPass` compares them for a sheet's tracks. Answers the owners.
 */
async function postPlainTracks(
  db: Db,
  tracks: readonly ReportedTrack[],
  months: readonly string[],
  reportId: string,
  summedBy?: { table: string; months: readonly string[] },
  into = "royalty_entries",
): Promise<string> {
  const { shares, inputs } = await openPlainScope(db, tracks, months);
  if (!shares.length) {
    await db.execute(sql`drop table if exists pg_temp.plain_tracks_scope`);
    return inputs;
  }
  const entryMonths = sql.join(
    months.map((m) => sql`${m}::date`),
    sql`, `,
  );
  const net = sql.raw(ARTIST_SHARE_SQL.replace("{gross}", "g.gross").replace("{share}", "s.percent"));
  // Two keys match when every column of the ledger's key does: the owner's earning has no sheet or
  // collaborator.
  const sameKey = sql`h.sheet_id is null and h.collaborator_id is null and h.kind = 'earning'
    and h.release_id = w.release_id and h.isrc = w.isrc and h.month = w.month and h.store = w.store
    and h.country = w.country`;
  const inScope = sql`(release_id, isrc) in (select release_id, isrc from pg_temp.plain_tracks_scope)`;
  const summed = months.filter((m) => summedBy?.months.includes(m));
  const unsummed = months.filter((m) => !summedBy?.months.includes(m));
  // The gross of each track's line per month: a month the report brought whole from the sums its
  // import kept, any other from its facts.
  const sources: SQL[] = [];
  if (summedBy && summed.length) {
    sources.push(sql`select release_id, isrc, store, country, month, revenue_paise as gross
      from ${sql.identifier(summedBy.table)}
      where month in (${sql.join(
        summed.map((m) => sql`${m}::date`),
        sql`, `,
      )})`);
  }
  if (unsummed.length) {
    sources.push(sql`select f.release_id, f.isrc, f.store, f.country, date_trunc('month', f.day)::date as month,
        sum(f.revenue_paise) as gross
      from daily_stream_facts f
      where (${factDaysIn(unsummed)}) and ${inScope}
      group by 1, 2, 3, 4, 5`);
  }
  await db.execute(sql`
    with shares as (
      select x->>0 as owner_id, (x->>1)::date as month, (x->>2)::int as percent
      from jsonb_array_elements(${JSON.stringify(shares)}::jsonb) as x
    ), want as (
      -- Summed per key first, then given the track's owner from the scope (hashed: 9,000 tracks): one
      -- lookup per line, not per fact, and none per release.
      select g.release_id, p.owner_id, g.isrc, g.store, g.country, g.month, ${net} as amount
      from (${sql.join(sources, sql` union all `)}) g
      join pg_temp.plain_tracks_scope p on p.release_id = g.release_id and p.isrc = g.isrc
      join shares s on s.owner_id = p.owner_id and s.month = g.month
    ), held as (
      -- Looked up track by track (the entries' index leads with the track, then the month): a scan of
      -- the whole index for the months would grow with every month ever posted.
      select e.release_id, r.user_id as owner_id, e.isrc, e.month, e.store, e.country, e.sheet_id,
        e.collaborator_id, e.kind, sum(e.amount_paise) as amount
      from pg_temp.plain_tracks_scope p
      cross join lateral (
        select * from royalty_entries e
        where e.release_id = p.release_id and e.isrc = p.isrc and e.month in (${entryMonths})
          and e.kind in ('earning', 'recoupment')
      ) e
      join releases r on r.id = e.release_id
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9
      having sum(e.amount_paise) <> 0
    )
    insert into ${sql.identifier(into)} (user_id, collaborator_id, kind, amount_paise, month, release_id, isrc, store,
      country, sheet_id, report_id)
    -- What the ledger holds and should not, or not in that amount, is reversed (a collaborator's line
    -- from their account, or from escrow until they accept)...
    select case when h.collaborator_id is null then h.owner_id else c.accepted_user_id end, h.collaborator_id,
      h.kind, -h.amount, h.month, h.release_id, h.isrc, h.store, h.country, h.sheet_id, ${reportId}::uuid
    from held h
    left join want w on w.amount <> 0 and ${sameKey}
    left join collaborators c on c.id = h.collaborator_id
    where w.amount is distinct from h.amount
    union all
    -- ...and the figure as it now stands is posted where the ledger does not hold it already.
    select w.owner_id, null, 'earning', w.amount, w.month, w.release_id, w.isrc, w.store, w.country, null,
      ${reportId}::uuid
    from want w
    left join held h on ${sameKey}
    where w.amount <> 0 and h.amount is distinct from w.amount
    ${
      // Into the ledger, in the order of its indexes: neighbouring keys share their pages. A table of
      // their own has its indexes built after, from a sort of their own.
      into === "royalty_entries" ? sql`order by 6, 7, 5` : sql``
    }`);
  await db.execute(sql`drop table pg_temp.plain_tracks_scope`);
  return inputs;
}

/** The facts of a pass's tracks, per month, store and country, and per sheet in force on the day. */
interface PassFact {
  release_id: string;
  owner_id: string;
  isrc: string;
  store: string;
  country: string;
  month: string;
  first_day: string;
  sheet_id: string | null;
  gross: string;
}

/**
 * Each sheet's days: from its effective date until the next version of the same sheet takes over (of
 * two versions from one day, the later saved); joined as ranges, not looked up per fact.
 */
const sheetDays = (scope: PassScope) => sql`sheets as (
  select ss.id, ss.release_id, ss.track_id, ss.effective_from,
    lead(ss.effective_from) over (partition by ss.release_id, ss.track_id
      order by ss.effective_from, ss.created_at) as until
  from split_sheets ss where ${sheetsInPass(scope)}
)`;

/**
 * A pass's facts from the report's sums, when its months came whole from the report and no sheet of
 * its tracks changes within a line's days: a line's first and last day then fall under the same
 * sheet, and so does every day between (a sheet's days are one range). Otherwise null: the facts are
 * read day by day. The same pieces either way, without reading a month's facts again.
 */
async function factsFromSums(db: Db, scope: PassScope): Promise<PassFact[] | null> {
  if (!("tracks" in scope) || !scope.summed || scope.wholeHistory.length) return null;
  const onDay = (alias: string, day: string) =>
    sql.raw(`${alias}.release_id = s.release_id
    and ${alias}.effective_from <= s.${day} and (${alias}.until is null or s.${day} < ${alias}.until)
    and ((s.isrc <> '' and ${alias}.track_id = t.id) or (s.isrc = '' and ${alias}.track_id is null))`);
  const rows = rowsOf<PassFact & { whole: boolean }>(
    await db.execute(sql`
      with ${sheetDays(scope)},
      -- The pass's lines first (a few thousand of the report's hundreds of thousands), then their
      -- tracks and sheets: joined the other way round, every line of the report looked its track up.
      lines as materialized (
        select s.* from ${sql.identifier(scope.summed)} s
        where (s.release_id, s.isrc) in (select release_id, isrc
            from json_to_recordset(${JSON.stringify(scope.tracks.map((t) => ({ release_id: t.releaseId, isrc: t.isrc })))}::json)
              as p(release_id uuid, isrc text))
          and s.month in (${sql.join(
            scope.months.map((m) => sql`${m}::date`),
            sql`, `,
          )})
      )
      select s.release_id, r.user_id as owner_id, s.isrc, s.store, s.country, to_char(s.month, 'YYYY-MM-DD') as month,
        to_char(s.first_day, 'YYYY-MM-DD') as first_day, sf.id as sheet_id, s.revenue_paise::bigint as gross,
        sf.id is not distinct from sl.id as whole
      from lines s
      join releases r on r.id = s.release_id
      left join tracks t on s.isrc <> '' and t.release_id = s.release_id and t.isrc = s.isrc
      left join sheets sf on ${onDay("sf", "first_day")}
      left join sheets sl on ${onDay("sl", "last_day")}
      where r.user_id is not null`),
  );
  return rows.every((r) => r.whole) ? rows : null;
}

/** Posts the differences for the tracks of one pass; answers the owners whose tracks it covered. */
async function postPass(db: Db, scope: PassScope, reportId: string | null): Promise<string[]> {
  const computed = await computePass(db, scope, reportId);
  await writeEntries(db, computed.inserts);
  return computed.ownerIds;
}

/** A pass's entries, computed and not yet written, and the owners whose tracks it covered. */
interface PassEntries {
  inserts: (typeof royaltyEntries.$inferInsert)[];
  ownerIds: string[];
}

/**
 * The differences one pass posts, computed. `fromSumsOnly`: answers null rather than read the facts,
 * when the report's sums cannot serve (what `precomputeSplitPasses` needs: it must not wait on the
 * import's transaction, which holds the facts while attaching a month).
 */
async function computePass(db: Db, scope: PassScope, reportId: string | null): Promise<PassEntries>;
async function computePass(
  db: Db,
  scope: PassScope,
  reportId: string | null,
  fromSumsOnly: true,
): Promise<PassEntries | null>;
async function computePass(
  db: Db,
  scope: PassScope,
  reportId: string | null,
  fromSumsOnly = false,
): Promise<PassEntries | null> {
  // The facts of the tracks in scope, per month, store and country, and per sheet in force on the day.
  const fromSums = await factsFromSums(db, scope);
  if (!fromSums && fromSumsOnly) return null;
  const facts =
    fromSums ??
    rowsOf<PassFact>(
      await db.execute(sql`
      with ${sheetDays(scope)}
      select f.release_id, r.user_id as owner_id, f.isrc, f.store, f.country,
        to_char(date_trunc('month', f.day), 'YYYY-MM-DD') as month, to_char(min(f.day), 'YYYY-MM-DD') as first_day,
        sh.id as sheet_id, sum(f.revenue_paise)::bigint as gross
      from daily_stream_facts f
      join releases r on r.id = f.release_id
      left join tracks t on f.isrc <> '' and t.release_id = f.release_id and t.isrc = f.isrc
      left join sheets sh on sh.release_id = f.release_id
        and sh.effective_from <= f.day and (sh.until is null or f.day < sh.until)
        and ((f.isrc <> '' and sh.track_id = t.id) or (f.isrc = '' and sh.track_id is null))
      where r.user_id is not null and ${inPass(scope, "f")}
      group by f.release_id, r.user_id, f.isrc, f.store, f.country, date_trunc('month', f.day), sh.id`),
    );
  const ownerIds = [...new Set(facts.map((f) => f.owner_id))];
  const shareFor = await shareLookup(db, ownerIds);

  // The terms of every sheet in use (payees are collaborator ids, or "owner").
  const sheetIds = [...new Set(facts.map((f) => f.sheet_id).filter((id): id is string => Boolean(id)))];
  const terms = new Map<string, SheetTerms>();
  if (sheetIds.length) {
    const shares = rowsOf<{ sheet_id: string; collaborator_id: string | null; share_bp: number }>(
      await db.execute(
        sql`select sheet_id, collaborator_id, share_bp from split_shares where sheet_id in (${list(sheetIds)}) order by sheet_id, position`,
      ),
    );
    const sheets = rowsOf<{ id: string; recoup_collaborator_id: string | null; recoup_paise: string }>(
      await db.execute(
        sql`select id, recoup_collaborator_id, recoup_paise from split_sheets where id in (${list(sheetIds)})`,
      ),
    );
    for (const s of sheets) {
      terms.set(s.id, {
        shares: shares
          .filter((x) => x.sheet_id === s.id)
          .map((x) => ({ payee: x.collaborator_id ?? OWNER, bp: Number(x.share_bp) })),
        recoupment:
          s.recoup_collaborator_id && Number(s.recoup_paise) > 0
            ? { payee: s.recoup_collaborator_id, amountPaise: Number(s.recoup_paise) }
            : null,
      });
    }
  }

  // Each track's pieces, oldest first, allocated in that order.
  const byTrack = new Map<string, Piece[]>();
  for (const f of facts) {
    const grossPaise = Number(f.gross);
    const piece: Piece = {
      releaseId: f.release_id,
      ownerId: f.owner_id,
      isrc: f.isrc,
      store: f.store,
      country: f.country,
      month: f.month,
      firstDay: f.first_day,
      sheetId: f.sheet_id,
      grossPaise,
      netPaise: artistShare(grossPaise, shareFor(f.owner_id, f.month)),
      sheet: f.sheet_id ? (terms.get(f.sheet_id) ?? null) : null,
    };
    const key = `${f.release_id}|${f.isrc}`;
    const list = byTrack.get(key);
    if (list) list.push(piece);
    else byTrack.set(key, [piece]);
  }
  const desired = new Map<string, { piece: Piece; collaboratorId: string | null; kind: string; amount: number }>();
  const keyOf = (
    p: { releaseId: string; isrc: string; month: string; store: string; country: string },
    sheetId: string | null,
    collaboratorId: string | null,
    kind: string,
  ) => [p.releaseId, p.isrc, p.month, p.store, p.country, sheetId ?? "", collaboratorId ?? "", kind].join("|");
  for (const pieces of byTrack.values()) {
    pieces.sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.firstDay.localeCompare(b.firstDay) ||
        a.store.localeCompare(b.store) ||
        a.country.localeCompare(b.country) ||
        (a.sheetId ?? "").localeCompare(b.sheetId ?? ""),
    );
    for (const { piece, parts } of allocateHistory(pieces, OWNER)) {
      for (const part of parts) {
        const collaboratorId = part.payee === OWNER ? null : part.payee;
        for (const [kind, amount] of [
          ["earning", part.sharePaise],
          ["recoupment", part.recoupmentPaise],
        ] as const) {
          if (!amount) continue;
          desired.set(keyOf(piece, piece.sheetId, collaboratorId, kind), { piece, collaboratorId, kind, amount });
        }
      }
    }
  }

  // What the ledger holds for the same tracks.
  const existing = rowsOf<{
    release_id: string;
    isrc: string;
    month: string;
    store: string;
    country: string;
    sheet_id: string | null;
    collaborator_id: string | null;
    kind: string;
    amount: string;
    owner_id: string | null;
  }>(
    await db.execute(sql`
      select e.release_id, e.isrc, to_char(e.month, 'YYYY-MM-DD') as month, e.store, e.country, e.sheet_id,
        e.collaborator_id, e.kind, sum(e.amount_paise)::bigint as amount, r.user_id as owner_id
      from royalty_entries e join releases r on r.id = e.release_id
      where e.kind in ('earning', 'recoupment') and ${inPass(scope, "e")}
      group by e.release_id, e.isrc, e.month, e.store, e.country, e.sheet_id, e.collaborator_id, e.kind, r.user_id
      having sum(e.amount_paise) <> 0`),
  );

  // Where each collaborator's money goes: their account once accepted, escrow (no user) until then.
  const collaboratorIds = new Set<string>();
  for (const d of desired.values()) if (d.collaboratorId) collaboratorIds.add(d.collaboratorId);
  for (const e of existing) if (e.collaborator_id) collaboratorIds.add(e.collaborator_id);
  const accountOf = new Map<string, string | null>();
  if (collaboratorIds.size) {
    const rows = rowsOf<{ id: string; accepted_user_id: string | null }>(
      await db.execute(sql`select id, accepted_user_id from collaborators where id in (${list([...collaboratorIds])})`),
    );
    for (const r of rows) accountOf.set(r.id, r.accepted_user_id);
  }

  const inserts: (typeof royaltyEntries.$inferInsert)[] = [];
  const post = (
    p: { releaseId: string; isrc: string; month: string; store: string; country: string },
    ownerId: string | null,
    sheetId: string | null,
    collaboratorId: string | null,
    kind: string,
    amount: number,
  ) =>
    inserts.push({
      userId: collaboratorId ? (accountOf.get(collaboratorId) ?? null) : ownerId,
      collaboratorId,
      kind,
      amountPaise: amount,
      month: p.month,
      releaseId: p.releaseId,
      isrc: p.isrc,
      store: p.store,
      country: p.country,
      sheetId,
      reportId,
    });
  const seen = new Set<string>();
  for (const e of existing) {
    const p = { releaseId: e.release_id, isrc: e.isrc, month: e.month, store: e.store, country: e.country };
    const key = keyOf(p, e.sheet_id, e.collaborator_id, e.kind);
    seen.add(key);
    const want = desired.get(key);
    const held = Number(e.amount);
    if (want?.amount === held) continue;
    // Reverse what the ledger holds, then post the figure as it now stands.
    post(p, e.owner_id, e.sheet_id, e.collaborator_id, e.kind, -held);
    if (want) post(want.piece, want.piece.ownerId, want.piece.sheetId, want.collaboratorId, want.kind, want.amount);
  }
  for (const [key, want] of desired) {
    if (seen.has(key)) continue;
    post(want.piece, want.piece.ownerId, want.piece.sheetId, want.collaboratorId, want.kind, want.amount);
  }
  return { inserts, ownerIds };
}

/** Writes a pass's entries, a few megabytes of JSON at a time. */
async function writeEntries(db: Db, inserts: (typeof royaltyEntries.$inferInsert)[]) {
  for (let i = 0; i < inserts.length; i += ENTRIES_PER_INSERT) {
    await insertEntries(db, inserts.slice(i, i + ENTRIES_PER_INSERT));
  }
}

/**
 * Adds ledger entries as one JSON parameter unpacked by the database: a statement of thousands of
 * rows with a dozen parameters each costs more to build and send than the rows cost to write. Each
 * entry is an array, not an object: half the bytes, and jsonb reads an element by position for less
 * than json_to_recordset matches keys (20,000 entries: 40 ms against 135 ms).
 */
async function insertEntries(db: Db, entries: (typeof royaltyEntries.$inferInsert)[]) {
  const rows = entries.map((e) => [
    e.userId ?? null,
    e.collaboratorId ?? null,
    e.kind,
    e.amountPaise,
    e.month,
    e.releaseId ?? null,
    e.isrc ?? "",
    e.store ?? "",
    e.country ?? "",
    e.sheetId ?? null,
    e.reportId ?? null,
  ]);
  await db.execute(sql`
    insert into royalty_entries (user_id, collaborator_id, kind, amount_paise, month, release_id, isrc, store,
      country, sheet_id, report_id)
    select x->>0, (x->>1)::uuid, x->>2, (x->>3)::bigint, (x->>4)::date, (x->>5)::uuid, x->>6, x->>7, x->>8,
      (x->>9)::uuid, (x->>10)::uuid
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as x`);
}

/**
 * The owners' monthly summary (royalty_ledger): what their releases earned at the stores, the plan
 * share in force, and the net after it, which is what their split payees received between them.
 */
async function rebuildSummary(
  db: Db,
  ownerIds: string[],
  shareFor: (userId: string, month: string) => number,
  onlyMonths?: string[],
) {
  if (!ownerIds.length) return;
  const ids = list(ownerIds);
  const inMonths = (column: SQL) =>
    onlyMonths
      ? sql`and ${column} in (${sql.join(
          onlyMonths.map((m) => sql`${m}::date`),
          sql`, `,
        )})`
      : sql``;
  const months = rowsOf<{ user_id: string; month: string; gross: string; net: string | null }>(
    await db.execute(sql`
      with gross as (
        -- From the owners' daily rollup, which the facts' trigger keeps (a row per owner and day,
        -- not per fact: reading a million facts back cost a second and more per import).
        select d.owner_id as user_id, date_trunc('month', d.day)::date as month, sum(d.revenue_paise)::bigint as gross
        from owner_daily_totals d
        where d.owner_id in (${ids}) ${inMonths(sql`date_trunc('month', d.day)::date`)} group by 1, 2
      ), net as (
        -- Summed per release first, then given the release's owner: a report's month holds hundreds of
        -- thousands of entries for a few thousand releases, and looking up each entry's release took a
        -- second (decision 050). Some months: every entry of those months (read through the month);
        -- all months: the owners' releases' entries (read through their releases).
        select r.user_id, e.month, sum(e.net)::bigint as net
        from (
          select release_id, month, sum(amount_paise) as net from royalty_entries
          where kind in ('earning', 'recoupment') ${
            onlyMonths
              ? inMonths(sql`month`)
              : sql`and release_id in (select id from releases where user_id in (${ids}))`
          }
          group by 1, 2
        ) e join releases r on r.id = e.release_id
        where r.user_id in (${ids}) group by 1, 2
      )
      select g.user_id, to_char(g.month, 'YYYY-MM-DD') as month, g.gross, n.net
      from gross g left join net n on n.user_id = g.user_id and n.month = g.month`),
  );
  await db
    .delete(royaltyLedger)
    .where(
      onlyMonths
        ? and(inArray(royaltyLedger.userId, ownerIds), inArray(royaltyLedger.month, onlyMonths))
        : inArray(royaltyLedger.userId, ownerIds),
    );
  // One statement, the rows as one JSON parameter (as the entries go in): a report's 10,000 owners in
  // batches of parameterised rows took a quarter of a second.
  const rows = months.map((m) => [m.user_id, m.month, m.gross, shareFor(m.user_id, m.month), m.net ?? "0"]);
  for (let i = 0; i < rows.length; i += SUMMARY_ROWS_PER_INSERT) {
    await db.execute(sql`
      insert into royalty_ledger (user_id, month, gross_paise, share_percent, net_paise)
      select x->>0, (x->>1)::date, (x->>2)::bigint, (x->>3)::int, (x->>4)::bigint
      from jsonb_array_elements(${JSON.stringify(rows.slice(i, i + SUMMARY_ROWS_PER_INSERT))}::jsonb) as x`);
  }
}

/**
 * Recomputes what some owners' releases earned and reposts it (after a plan change, whose share
 * applies to months already imported), in one transaction of its own unless given one.
 */
export async function rebuildLedger(db: Db, ownerIds: string[]) {
  if (!ownerIds.length) return;
  await db.transaction(async (tx) => {
    await repostEarnings(tx as unknown as Db, { ownerIds });
  });
}
