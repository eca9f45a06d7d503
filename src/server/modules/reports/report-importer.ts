import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream";
import { type Parser, parse } from "csv-parse";
import { eq, type SQL, sql } from "drizzle-orm";
import { addMonths, dateIst } from "#domain/clock";
import { canonicalUpc } from "#domain/identifiers";
import { plainRupeesToPaiseAt, RUPEES_TO_PAISE_SQL } from "#domain/money";
import {
  type CellCheck,
  parseReportRecord,
  REPORT_CELL_CHECKS,
  REPORT_COLUMNS,
  type REPORT_READERS,
  REPORT_RUPEES_PLAIN,
  REPORT_RUPEES_SQL,
  REPORT_WHOLE_PLAIN,
  REPORT_WHOLE_SQL,
} from "#domain/reports";
import type { Database, Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { issuedIdentifiers, releases, storeReports } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/queue";
import { DomainError } from "#server/lib/domain-error";
import { sqlState } from "#server/lib/errors";
import type { Logger } from "#server/lib/logger";
import { TABLE_CHANGED_CHANNEL } from "#server/lib/read-cache";
import { DELIVERED_STATUSES } from "#server/modules/delivery";
import { emitStatementsReady } from "#server/modules/events";
import { queueReportScan } from "#server/modules/fraud";
import {
  dropUnadoptedPlainLedger,
  type PlainLedger,
  prebuildPlainEntries,
  precomputeSplitPasses,
  repostEarnings,
  type SplitPasses,
} from "#server/modules/royalties";
import { CsvBatch, hasQuote, keyOf, type LineCells, matchesAt, readPlainLines, stickyOf, utf8 } from "./report-lines";
import { scanReportFile } from "./report-scan";

/** Rows staged per COPY (about a megabyte of CSV): memory stays bounded whatever the file's size. */
const BATCH = 10_000;
const MAX_LISTED_ERRORS = 1000;
const MAX_ROW_BYTES = 64 * 1024;

export const reportFilePath = (dir: string, id: string) => path.join(dir, `${id}.csv`);

/**
 * Files a received report under its id and queues its import job, unless the same bytes were imported
 * before. The caller then kicks the job worker.
 */
export async function registerReport(
  db: Db,
  reportsDir: string,
  file: { tempPath: string; fileName: string; sha256: string; sizeBytes: number; uploadedBy: string | null },
) {
  const [existing] = await db.select().from(storeReports).where(eq(storeReports.sha256, file.sha256));
  if (existing) {
    throw new DomainError(
      "conflict",
      "ALREADY_IMPORTED",
      `This file was already uploaded on ${dateIst(existing.createdAt)} as "${existing.fileName}".`,
    );
  }
  const id = randomUUID();
  await fs.promises.mkdir(reportsDir, { recursive: true });
  await fs.promises.rename(file.tempPath, reportFilePath(reportsDir, id));
  // The report and its import job exist together or not at all.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storeReports)
      .values({
        id,
        fileName: file.fileName,
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        uploadedBy: file.uploadedBy,
      })
      .returning();
    if (!row) throw new Error("report insert returned nothing");
    await enqueueJob(tx, "store-report", id, { maxAttempts: 3 });
    return row;
  });
}

/**
 * The store-report job: imports one report. Rows are checked and staged in batches; the facts change
 * only in the final transaction, so a failure midway leaves no partial import. A report that cannot be
 * imported (a missing column, a giant row) is marked failed for the admin; a worker that died midway
 * leaves the job to be taken over when its lease ends, and the import starts again from a clean slate.
 * Reports run one at a time, in the order they came (the queue runs this kind serially).
 */
export function createReportImportJob(opts: { database: Database; logger: Logger; reportsDir: string }) {
  const { database, logger, reportsDir } = opts;
  const db = database.db;
  return async function runReportImport(job: { ref: string }, signal?: AbortSignal): Promise<void> {
    const id = job.ref;
    const [report] = await db.select({ status: storeReports.status }).from(storeReports).where(eq(storeReports.id, id));
    if (!report || report.status === "completed" || report.status === "failed") return;
    // Whatever an interrupted attempt staged goes before this one starts.
    await dropLoadTable(db, id);
    await db
      .update(storeReports)
      .set({ status: "running", processedRows: 0, errorRows: 0 })
      .where(eq(storeReports.id, id));
    try {
      const took = await importReport(database, id, reportFilePath(reportsDir, id), signal);
      logger.info({ reportId: id, ...took }, "store report imported");
    } catch (err) {
      // Given up for time: the job is taken over and the import starts again, cleanly.
      if (signal?.aborted) throw err;
      logger.error({ err, reportId: id }, "store report import failed");
      await dropLoadTable(db, id);
      await db
        .update(storeReports)
        .set({ status: "failed", failure: failureMessage(err), finishedAt: new Date() })
        .where(eq(storeReports.id, id));
    }
  };
}

/** Why an import failed, in words for the admin, never echoing the file's contents at length. */
function failureMessage(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const line = (err as { lines?: unknown }).lines;
  if (code === "CSV_MAX_RECORD_SIZE") {
    return `A row${typeof line === "number" ? ` near line ${line}` : ""} is longer than ${MAX_ROW_BYTES / 1024} KB: this is not a store report in the expected format.`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

/** Who holds a code, and whether that release went to stores (only then may it be credited). */
interface Holder {
  releaseId: string | null;
  delivered: boolean;
}

/**
 * Every claimed code with its release. Report rows are credited only through these claims: a code
 * belongs to exactly one release, so no scan order or lookalike release can divert earnings.
 */
async function loadClaims(db: Db) {
  const rows = await db
    .select({
      code: issuedIdentifiers.code,
      kind: issuedIdentifiers.kind,
      releaseId: issuedIdentifiers.releaseId,
      status: releases.status,
      ownerId: releases.userId,
    })
    .from(issuedIdentifiers)
    .leftJoin(releases, eq(releases.id, issuedIdentifiers.releaseId));
  const upc = new Map<string, Holder>();
  const isrc = new Map<string, Holder>();
  /** Each release's owner as the claims were read (checked again when the facts are written). */
  const owners = new Map<string, string | null>();
  for (const r of rows) {
    if (r.releaseId) owners.set(r.releaseId, r.ownerId);
    const holder = {
      releaseId: r.releaseId,
      delivered: (DELIVERED_STATUSES as readonly string[]).includes(r.status ?? ""),
    };
    (r.kind === "upc" ? upc : isrc).set(r.code, holder);
  }
  return { upc, isrc, owners };
}

/** The release a report row is credited to, or why it is not credited to any. */
export function matchRow(
  claims: { upc: Map<string, Holder>; isrc: Map<string, Holder> },
  row: { upc: string; isrc: string },
): { releaseId: string } | { reason: string } {
  const byUpc = row.upc ? claims.upc.get(canonicalUpc(row.upc)) : undefined;
  const byIsrc = row.isrc ? claims.isrc.get(row.isrc) : undefined;
  const label = (kind: string, code: string, holder: Holder | undefined) =>
    !holder?.releaseId
      ? `${kind} ${code} matches no release`
      : `${kind} ${code} belongs to a release that has not gone to stores`;
  if (row.upc && byUpc?.releaseId) {
    if (!byUpc.delivered) return { reason: label("upc", row.upc, byUpc) };
    if (row.isrc && byIsrc?.releaseId !== byUpc.releaseId) {
      return { reason: `isrc ${row.isrc} is not a track of the release with upc ${row.upc}` };
    }
    return { releaseId: byUpc.releaseId };
  }
  // A UPC nobody holds (a store's own product, say) with an ISRC we hold: the recording's release earns it.
  if (row.isrc && byIsrc?.releaseId) {
    return byIsrc.delivered ? { releaseId: byIsrc.releaseId } : { reason: label("isrc", row.isrc, byIsrc) };
  }
  if (row.upc && row.isrc) return { reason: `upc ${row.upc} and isrc ${row.isrc} match no release` };
  return { reason: row.upc ? label("upc", row.upc, byUpc) : label("isrc", row.isrc, byIsrc) };
}

/**
 * The table a report's checked rows are copied into (decision 044): the facts' own columns, no
 * index. It becomes the partition of a month that holds no facts yet, whole; otherwise its rows are
 * written into the facts and it goes with the import's transaction.
 */
/** The name of a table or index an import of `reportId` stages, by what it holds. */
const stagedName = (kind: string, reportId: string) => `store_report_${kind}_${reportId.replaceAll("-", "")}`;
const loadTableOf = (reportId: string) => stagedName("load", reportId);
const LOADED_COLUMNS = [
  "release_id",
  "owner_id",
  "isrc",
  "store",
  "country",
  "day",
  "streams",
  "listeners",
  "revenue_paise",
] as const;

/** A table with the facts' columns, defaults and checks, and no index: a load, or a month's partition. */
function createFactsTable(db: Db, name: string) {
  return db.execute(
    sql`create table ${sql.identifier(name)} (like daily_stream_facts including defaults including constraints)`,
  );
}

/** Drops what an import staged (a failed or interrupted attempt's rows, and the file as copied). */
async function dropLoadTable(db: Db, reportId: string) {
  await db.execute(sql`drop table if exists ${sql.identifier(loadTableOf(reportId))}`);
  await dropSums(db, reportId);
  await dropCopiedFile(db, reportId);
  await dropUnadoptedPlainLedger(db, reportId);
}

/** A text field for COPY's CSV: quoted, with quotes doubled, so commas and newlines in a store's name stay put. */
const csvText = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** A record as parsed, with the line of the file it ends on (for the errors listed to the admin). */
interface NumberedRecord {
  line: number;
  fields: string[];
}

/**
 * The report's records, parsed as arrays (a record is an object only when checked). csv-parse's own
 * `info` option numbers records too but builds an object of a dozen fields for each, which doubled
 * the time of a million-row import; the parser's running line count, read as each record is pushed,
 * is the same number for the price of one property.
 */
function numberedRecords(file: string): AsyncIterable<NumberedRecord> {
  const parser = parse({
    bom: true,
    // A row longer than this fails the report instead of growing the server's memory with it.
    max_record_size: MAX_ROW_BYTES,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Parser & { push: (chunk: unknown) => boolean };
  const push = parser.push.bind(parser);
  parser.push = (fields: unknown) =>
    fields === null
      ? push(null)
      : push({ line: parser.info.lines, fields: fields as string[] } satisfies NumberedRecord);
  // The file closes with the parser, whether the import reads to the end or stops at a fault.
  pipeline(fs.createReadStream(file), parser, () => undefined);
  return parser;
}

/** Where each column of the format sits in the file's header (columns may come in any order). */
function columnIndexes(header: string[]): number[] {
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = REPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length)
    throw new Error(`The report is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`);
  return REPORT_COLUMNS.map((c) => names.lastIndexOf(c));
}

/** The facts' columns a report's rows fill, in the order both ways of writing them select them. */
const FACT_COLUMNS = sql.raw(LOADED_COLUMNS.join(", "));
const inMonth = (month: string) => sql`day >= ${month}::date and day < (${month}::date + interval '1 month')::date`;

/** The name of a month's partition of the facts; the month is checked, as DDL takes no parameters. */
function partitionOf(month: string) {
  if (!/^\d{4}-\d{2}-01$/.test(month)) throw new Error(`not a month: ${month}`);
  return `daily_stream_facts_${month.slice(0, 4)}_${month.slice(5, 7)}`;
}

/** Whether a month has neither its partition nor any facts yet. */
async function monthIsFresh(db: Db, month: string): Promise<boolean> {
  const [state] = rowsOf<{ made: boolean; held: boolean }>(
    await db.execute(sql`select to_regclass(${partitionOf(month)}) is not null as made,
      exists (select 1 from daily_stream_facts where ${inMonth(month)}) as held`),
  );
  return !state?.made && !state?.held;
}

/**
 * Gives a month that holds no facts yet its partition, whole, from the report's rows (decision 044).
 * A report of that month alone hands over the table its rows were copied into; otherwise the month's
 * rows are copied out of it into a new table. Attaching checks every row against the month's range
 * (unless the load's own check already says so) and builds the key's index, unless it was built on
 * the load before the transaction (decision 048); the rollups the facts' triggers keep are then added
 * from the report's sums. Several times faster than writing a million rows through the
 * indexes and the triggers. Answers false, changing nothing, when the month already has its partition
 * or facts.
 */
async function loadFreshMonth(
  db: Db,
  job: { load: string; reportId: string; whole: boolean; built: Prepared },
  month: string,
): Promise<boolean> {
  const { load, reportId, whole, built } = job;
  const part = partitionOf(month);
  // The lock `daily_stream_facts_month` takes: no partition can be made meanwhile.
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('daily_stream_facts_month', 0))`);
  if (!(await monthIsFresh(db, month))) return false;
  const table = sql.identifier(part);
  const attach = async (d: Db, grouped: boolean) => {
    if (whole && !grouped) {
      await d.execute(sql`alter table ${sql.identifier(load)} rename to ${table}`);
      // The key's index built before the transaction becomes the partition's: attaching adopts it.
      if (built.key) {
        await d.execute(sql`alter table ${table} add constraint ${sql.identifier(`${part}_pkey`)}
          primary key using index ${sql.identifier(keyIndexOf(reportId))}`);
      }
    } else {
      await createFactsTable(d, part);
      await d.execute(sql`
        insert into ${table} (${FACT_COLUMNS})
        ${
          grouped
            ? sql`select release_id, owner_id, isrc, store, country, day, sum(streams), sum(listeners), sum(revenue_paise)
              from ${sql.identifier(load)} where ${inMonth(month)}
              group by release_id, owner_id, isrc, store, country, day`
            : sql`select ${FACT_COLUMNS} from ${sql.identifier(load)} where ${inMonth(month)}`
        }`);
    }
    await d.execute(sql`alter table daily_stream_facts attach partition ${table}
      for values from (${sql.raw(`'${month}'`)}) to (${sql.raw(`'${addMonths(month, 1)}'`)})`);
  };
  // A key twice in the report fails the key's index as it is built; the rows are then summed per
  // key first (rare: the grouping costs as much as the load). The sums are the same either way.
  try {
    await db.transaction((savepoint) => attach(savepoint as unknown as Db, false));
  } catch (err) {
    if (sqlState(err) !== "23505") throw err;
    await attach(db, true);
  }
  // The rollups, from the report's sums (decision 048): the daily totals from its sums per owner and
  // day, the others (which have no day) from its sums per release, track, store and country.
  const next = addMonths(month, 1);
  const daily = `SELECT owner_id, NULL::uuid, day, NULL::text, NULL::text, streams, listeners, revenue_paise
    FROM ${daysTableOf(reportId)} WHERE day >= '${month}' AND day < '${next}'`;
  const summed = `SELECT owner_id, release_id, NULL::date, store, country, streams, listeners, revenue_paise
    FROM ${sumsTableOf(reportId)} WHERE month = '${month}'`;
  await db.execute(sql`select owner_rollups_add(${daily}, ${summed})`);
  // Attaching tells no one: readers of the facts forget what they kept, as after any write to them.
  await db.execute(sql`select pg_notify(${TABLE_CHANGED_CHANNEL}, 'daily_stream_facts')`);
  return true;
}

/** The report's rows summed per month, release, track, store and country (decision 048). */
const sumsTableOf = (reportId: string) => stagedName("sums", reportId);
/** The report's rows summed per owner and day. */
const daysTableOf = (reportId: string) => stagedName("days", reportId);
/** The key's index, built on a one-month report's load before its transaction. */
const keyIndexOf = (reportId: string) => stagedName("key", reportId);

/** What was built on the load before the import's transaction. */
interface Prepared {
  key: boolean;
}

/**
 * The two sums of a report's rows, from its load table. A report of one month (`month`) names it as a
 * constant: the month of each of a million days is a fifth of the grouping's time. Summed as bigints
 * (`sum_bigint`, migration 0085), not through sum()'s 128-bit state and numeric.
 */
const sumsOf = (load: string, month: string | null) => sql`select ${
  month ? sql`${month}::date` : sql`date_trunc('month', day)::date`
} as month, release_id, owner_id, isrc, store,
    country, sum_bigint(streams) as streams, sum_bigint(listeners) as listeners,
    sum_bigint(revenue_paise) as revenue_paise, min(day) as first_day, max(day) as last_day
  from ${sql.identifier(load)} group by 1, 2, 3, 4, 5, 6`;
const daysOf = (load: string) => sql`select owner_id, day, sum_bigint(streams) as streams,
    sum_bigint(listeners) as listeners, sum_bigint(revenue_paise) as revenue_paise
  from ${sql.identifier(load)} group by 1, 2`;

/** Drops the report's sums (with the import's transaction, or what a failed attempt left). */
function dropSums(db: Db, reportId: string) {
  return db.execute(
    sql`drop table if exists ${sql.identifier(sumsTableOf(reportId))}, ${sql.identifier(daysTableOf(reportId))}`,
  );
}

/**
 * Sums the report's rows (again, when owners were settled since), into tables of their own. `month`:
 * the report's one month, when all its rows fall in one.
 */
async function sumReport(db: Db, load: string, reportId: string, month: string | null) {
  await sumByTrack(db, load, reportId, month);
  await sumByDay(db, load, reportId);
}

/** The report's rows summed per month, release, track, store and country, in a table of their own. */
function sumByTrack(db: Db, load: string, reportId: string, month: string | null) {
  const sums = sql.identifier(sumsTableOf(reportId));
  return db.transaction(async (tx) => {
    // Room to hash a large report's sums in memory (this transaction only, or the import's).
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`drop table if exists ${sums}`);
    await tx.execute(sql`create unlogged table ${sums} as ${sumsOf(load, month)}`);
    // What the planner must know of the sums before the posting joins them to its tracks.
    await tx.execute(sql`analyze ${sums}`);
  });
}

/** The report's rows summed per owner and day, in a table of their own. */
function sumByDay(db: Db, load: string, reportId: string) {
  const days = sql.identifier(daysTableOf(reportId));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`drop table if exists ${days}`);
    await tx.execute(sql`create unlogged table ${days} as ${daysOf(load)}`);
  });
}

/**
 * Builds an index with room to sort in memory, and on one core (this transaction only): it runs beside
 * the sums and then the prebuilt entries, which keep every core busy, so a parallel
 * build's worker has no core of its own and its extra sort and merge only add work (the key's index
 * alone: 0.88 s with a worker on two cores, 1.13 s on one).
 */
function buildIndex(db: Db, statement: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
    await tx.execute(statement);
  });
}

/**
 * Before the import's transaction, side by side on the pool (decision 048): the report's rows summed
 * for the rollups and the posting, and for a report of one month the index its partition needs (its
 * key; the facts keep no other, decision 058), built on the load so that attaching builds none. Alone
 * in the transaction each ran on one core while the other waited. Answers what was built: an index
 * that could not be (a key twice in the report) is left to the transaction, as before.
 */
async function prepareLoad(
  db: Db,
  load: string,
  reportId: string,
  month: string | null,
  afterSums?: () => Promise<PlainLedger | null>,
): Promise<{ built: Prepared; prebuilding: Promise<PlainLedger | null> }> {
  const table = sql.identifier(load);
  /** What starts once the sums are there, beside what is still being built (decision 054). */
  let prebuilding: Promise<PlainLedger | null> = Promise.resolve(null);
  const [sums, days, key] = await Promise.allSettled([
    sumByTrack(db, load, reportId, month).then(() => {
      if (afterSums) prebuilding = afterSums().catch(() => null);
    }),
    sumByDay(db, load, reportId),
    month
      ? buildIndex(
          db,
          sql`create unique index ${sql.identifier(keyIndexOf(reportId))} on ${table} (release_id, isrc, store, country, day)`,
        )
      : Promise.reject(new Error("not one month")),
  ]);
  // The sums are needed whatever happens: a failure there is the import's.
  for (const needed of [sums, days]) {
    if (needed?.status === "rejected") {
      await prebuilding;
      throw needed.reason;
    }
  }
  return {
    built: {
      key: key?.status === "fulfilled",
    },
    prebuilding,
  };
}

/**
 * Writes a report's rows for a month that already has facts, through the facts' indexes and triggers.
 * Later reports restate a day: the newest figure for a release, track, store, country and day wins.
 */
async function writeMonth(db: Db, load: string, month: string) {
  await db.execute(sql`select daily_stream_facts_month(${month}::date)`);
  const [held] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from daily_stream_facts where ${inMonth(month)}) as any`),
  );
  // Into a month without facts nothing can be restated, and the rows go in without the upsert's probe
  // of each key first. The rows go in in key order: a million keys scattered over an index larger
  // than the buffer cache cost a page read each, in order they share pages (decision 018).
  await db.execute(sql`
    insert into daily_stream_facts (${FACT_COLUMNS})
    select release_id, owner_id, isrc, store, country, day, sum(streams), sum(listeners), sum(revenue_paise)
    from ${sql.identifier(load)} where ${inMonth(month)}
    group by release_id, owner_id, isrc, store, country, day
    order by release_id, isrc, store, country, day
    ${
      held?.any
        ? sql`on conflict (release_id, isrc, store, country, day) do update
      set streams = excluded.streams, listeners = excluded.listeners, revenue_paise = excluded.revenue_paise`
        : sql``
    }`);
}

/**
 * Locks the releases a report's rows are credited to until the import commits (what a foreign key's
 * check of each row did, in one statement; decision 043), and brings each row's owner up to date:
 * rows of a release that changed hands since they were checked take its new owner, and rows of a
 * release deleted meanwhile are not imported. Answers how many rows went.
 */
export async function settleOwners(db: Db, load: string, credited: ReadonlyMap<string, string | null>) {
  const table = sql.identifier(load);
  const now = new Map(
    rowsOf<{ id: string; user_id: string | null }>(
      await db.execute(sql`select id, user_id from releases
        where id in (select (jsonb_array_elements_text(${JSON.stringify([...credited.keys()])}::jsonb))::uuid)
        order by id for key share`),
    ).map((r) => [r.id, r.user_id]),
  );
  let dropped = 0;
  let changed = 0;
  for (const [releaseId, owner] of credited) {
    // A release deleted meanwhile has no owner here (undefined), which no row was given.
    if (now.get(releaseId) === owner) continue;
    changed += 1;
    if (!now.has(releaseId)) {
      const gone = (await db.execute(sql`delete from ${table} where release_id = ${releaseId}`)) as unknown as {
        rowCount?: number | null;
        affectedRows?: number;
      };
      dropped += gone.rowCount ?? gone.affectedRows ?? 0;
    } else {
      await db.execute(
        sql`update ${table} set owner_id = ${now.get(releaseId) ?? null} where release_id = ${releaseId}`,
      );
    }
  }
  return { dropped, changed };
}

/** The table a report's file is copied into as it stands (decision 046): a text column per column. */
const copiedTableOf = (reportId: string) => stagedName("file", reportId);
/** The rows of a copied file PostgreSQL left for the server to check, numbered by line. */
const leftTableOf = (reportId: string) => stagedName("left", reportId);

async function dropCopiedFile(db: Db, reportId: string) {
  await db.execute(sql`drop table if exists ${sql.identifier(copiedTableOf(reportId))}`);
  await db.execute(sql`drop table if exists ${sql.identifier(leftTableOf(reportId))}`);
}

/**
 * Distinct values of a column the server checks for PostgreSQL, at most: a file with more (no store
 * report has 100,000 days, stores or tracks) is read by the server instead.
 */
const MAX_DISTINCT = 100_000;
/** Rows the server takes at a time of those PostgreSQL left. */
const LEFT_BATCH = 10_000;

/** A report's header record as csv-parse reads it (the server's reading, whichever way the rows go). */
async function readHeader(file: string): Promise<string[] | null> {
  for await (const { fields } of numberedRecords(file)) return fields;
  return null;
}

interface CopyLoad {
  reportId: string;
  file: string;
  /** The report's load table (the facts' columns). */
  load: string;
  claims: Awaited<ReturnType<typeof loadClaims>>;
  /** Filled in: the releases the rows are credited to with their owner, and the rows' months. */
  credited: Map<string, string | null>;
  months: Set<string>;
}

/**
 * Loads a report with PostgreSQL's COPY and checks its rows there (decision 046): the file is copied
 * as it stands into a table of text columns; the server checks each distinct date, store, country,
 * currency and pair of codes once, with the same checks as a row read by the server
 * (`REPORT_CELL_CHECKS`, `matchRow`), and the rows whose every cell passed, and whose figures are
 * plain digits, go into the load table in one statement. Any other row is handed to `take`, in the
 * file's order and with its line, to be checked as the server checks every row; so a row's fate and
 * the errors listed are those of reading the file row by row. Answers the rows loaded here, or null,
 * having loaded nothing, when COPY cannot read the file as it stands (a row of another width, a blank
 * line, bytes not UTF-8, a row over the size limit): the server then reads it all.
 */
async function loadByCopy(
  database: Database,
  job: CopyLoad,
  take: (line: number, fields: readonly (string | null)[], at: readonly number[]) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ rows: number } | null> {
  const db = database.db;
  // An empty file has no header: every column is missing, as `columnIndexes` then says.
  const header = (await readHeader(job.file)) ?? [];
  const at = columnIndexes(header);
  const copied = copiedTableOf(job.reportId);
  const names = header.map((_, i) => `c${i}`);
  const table = sql.identifier(copied);
  await db.execute(sql`create unlogged table ${table} (${sql.raw(names.map((n) => `${n} text`).join(", "))})`);
  // A row over the size limit (its cells and the commas between them) is refused below.
  const rowLimit = MAX_ROW_BYTES - header.length;
  // The file is scanned while COPY reads it (the database parses it on a core of its own, this thread
  // feeds it and scans); what COPY loaded is dropped again if the scan says COPY cannot be trusted with it.
  const [scanned, rows] = await Promise.all([
    scanReportFile(job.file),
    database.copyCsvFile(copied, names, job.file).catch(() => null),
  ]);
  if (scanned.endMarker || rows === null) {
    await dropCopiedFile(db, job.reportId);
    return null;
  }
  // A file whose every record is a line no longer than the limit has no row over it, and its cells are
  // not measured again.
  const narrow = !scanned.quoted && scanned.longestLine <= rowLimit;
  signal?.throwIfAborted();
  /** A cell of the copied row `r` as the server reads it: an empty one is "", not null. */
  const cellOf = (column: number) => sql.raw(`coalesce(r.${names[column]}, '')`);
  const c = (i: number) => at[i] as number;
  /** Each distinct value of some columns, or null when there are more than the server checks. */
  const distinct = async (columns: number[]) => {
    const found = rowsOf<{ v: string[] }>(
      await db.execute(
        sql`select array[${sql.join(
          columns.map((i) => cellOf(i)),
          sql`, `,
        )}] as v from ${table} r group by ${sql.join(
          columns.map((i) => cellOf(i)),
          sql`, `,
        )} limit ${MAX_DISTINCT + 1}`,
      ),
    ).map((row) => row.v);
    return found.length > MAX_DISTINCT ? null : found;
  };
  const checks = REPORT_CELL_CHECKS;
  /** Each value that passes its check, with its value as imported. */
  const passing = (values: string[][] | null | undefined, check: (cell: string) => CellCheck<string>) =>
    values
      ? values.flatMap(([cell = ""]) => {
          const checked = check(cell);
          return "value" in checked ? [[cell, checked.value]] : [];
        })
      : null;
  /**
   * The distinct dates, stores, countries and currencies: read together, in one pass over the rows
   * instead of four (a store's report has a few hundred of their combinations), or each alone when
   * together they are more than the server checks. Answers each column's values, and their
   * combinations when they were read together.
   */
  const fewValued = [c(0), c(1), c(2), c(8)];
  const fewValuedColumns = async () => {
    const together = await distinct(fewValued);
    if (!together) return { each: await Promise.all(fewValued.map((column) => distinct([column]))), together };
    const each = fewValued.map((_, k) => [...new Set(together.map((v) => v[k] ?? ""))].map((cell) => [cell]));
    return { each, together };
  };
  // Each reads the whole table: on a pool, they run side by side (the server has more than one core).
  const [
    widest,
    {
      each: [dayCells, storeCells, countryCells, currencyCells],
      together,
    },
    pairs,
  ] = await Promise.all([
    narrow
      ? 0
      : db
          .execute(
            sql`select max(${sql.raw(names.map((n) => `coalesce(octet_length(${n}), 0)`).join(" + "))})::int as bytes from ${table}`,
          )
          .then((result) => rowsOf<{ bytes: number | null }>(result)[0]?.bytes ?? 0),
    fewValuedColumns(),
    distinct([c(3), c(4)]),
    // What the planner must know of it: with no statistics, it takes a fresh table for a few rows, and
    // joins each row to every value checked (a nested loop: minutes, not seconds). Its size and a
    // rough count of each column's values are all it needs: a sample of 3,000 rows, not 30,000 (a
    // tenth of the time, which was as long as any of the queries beside it).
    db.transaction(async (tx) => {
      await tx.execute(sql`set local default_statistics_target = 10`);
      await tx.execute(sql`analyze ${table}`);
    }),
  ]);
  const days = passing(dayCells, checks.date);
  const stores = passing(storeCells, checks.store);
  const countries = passing(countryCells, checks.country);
  const currencies = passing(currencyCells, checks.currency);
  // A row over the size limit: the server reads the file, and refuses it as it would any such file.
  if (widest > rowLimit || !days || !stores || !countries || !currencies || !pairs) {
    await dropCopiedFile(db, job.reportId);
    return null;
  }
  /**
   * Each combination of date, store, country and currency whose every cell passed, with the values
   * imported: each row is then looked up once for the four cells, not four times (decision 058).
   */
  const byCell = (values: string[][]) => new Map(values.map(([cell = "", value = ""]) => [cell, value]));
  const [dayOf, storeOf, countryOf, currencyOf] = [byCell(days), byCell(stores), byCell(countries), byCell(currencies)];
  const combinations =
    together?.flatMap(([d = "", s = "", n = "", u = ""]) => {
      const values = [dayOf.get(d), storeOf.get(s), countryOf.get(n)];
      return values.every((v) => v !== undefined) && currencyOf.has(u) ? [[d, s, n, u, ...values]] : [];
    }) ?? null;
  // Each pair of codes that names a release that may be credited, with its release and owner.
  const codes = pairs.flatMap(([upc = "", isrc = ""]) => {
    const checked = checks.codes(upc, isrc);
    if ("error" in checked) return [];
    const match = matchRow(job.claims, checked.value);
    if ("reason" in match) return [];
    return [[upc, isrc, match.releaseId, job.claims.owners.get(match.releaseId) ?? null, checked.value.isrc]];
  });
  signal?.throwIfAborted();
  // Every row it takes falls on one of these days. All in one month: the load says so with a check of
  // its own while it is still empty, and attaching it as that month's partition then reads no row to
  // check its bounds (decision 048).
  const dayMonths = [...new Set(days.map(([, day]) => `${String(day).slice(0, 7)}-01`))];
  const [month] = dayMonths;
  if (dayMonths.length === 1 && month && /^\d{4}-\d{2}-01$/.test(month)) {
    await db.execute(sql`alter table ${sql.identifier(job.load)} add constraint in_one_month
      check (day >= ${sql.raw(`'${month}'`)}::date and day < ${sql.raw(`'${addMonths(month, 1)}'`)}::date)`);
  }
  const jsonOf = (values: unknown[][]) => sql`${JSON.stringify(values)}::jsonb`;
  /** A condition of the domain's on the copied row `r`'s cell in a column. */
  const cellPasses = (condition: string, column: number) =>
    sql.raw(condition.replaceAll("{cell}", `r.${names[column]}`));
  const paise = sql.raw(RUPEES_TO_PAISE_SQL.replace("{rupees}", `r.${names[c(7)]}`));
  /** A cell of the copied row `r` as copied (null when empty), for the figures' patterns and casts. */
  const rawCell = (column: number) => sql.raw(`r.${names[column]}`);
  // The figures' checks.
  const figuresChecked = sql`and ${cellPasses(REPORT_WHOLE_SQL, c(5))} and ${cellPasses(REPORT_WHOLE_SQL, c(6))}
        and ${cellPasses(REPORT_RUPEES_SQL, c(7))}`;
  // Every copied row with what its checks gave: `ok` is true for a row every check passed. The values
  // checked are read out of their JSON once each (materialized), not once for each row that joins them.
  // The date, store, country and currency are looked up together when their combinations are known,
  // and each alone when there were too many combinations to list.
  const codesChecked = sql`k as materialized (select x->>0 as upc, x->>1 as cell, (x->>2)::uuid as release_id,
    x->>3 as owner_id, x->>4 as isrc from jsonb_array_elements(${jsonOf(codes)}) x)`;
  const checked = combinations
    ? sql`
    with v as materialized (select x->>0 as d, x->>1 as s, x->>2 as n, x->>3 as u, (x->>4)::date as day,
        x->>5 as store, x->>6 as country from jsonb_array_elements(${jsonOf(combinations)}) x),
      ${codesChecked}
    select r.ctid as at, r.*, k.release_id, k.owner_id, k.isrc, v.store, v.country, v.day,
      k.release_id is not null and v.day is not null ${figuresChecked} as ok
    from ${table} r
    left join v on v.d = ${cellOf(c(0))} and v.s = ${cellOf(c(1))} and v.n = ${cellOf(c(2))} and v.u = ${cellOf(c(8))}
    left join k on k.upc = ${cellOf(c(3))} and k.cell = ${cellOf(c(4))}`
    : sql`
    with d as materialized (select x->>0 as cell, (x->>1)::date as value from jsonb_array_elements(${jsonOf(days)}) x),
      s as materialized (select x->>0 as cell, x->>1 as value from jsonb_array_elements(${jsonOf(stores)}) x),
      n as materialized (select x->>0 as cell, x->>1 as value from jsonb_array_elements(${jsonOf(countries)}) x),
      u as materialized (select x->>0 as cell from jsonb_array_elements(${jsonOf(currencies)}) x),
      ${codesChecked}
    select r.ctid as at, r.*, k.release_id, k.owner_id, k.isrc, s.value as store, n.value as country, d.value as day,
      k.release_id is not null and d.value is not null and s.value is not null and n.value is not null
        and u.cell is not null ${figuresChecked} as ok
    from ${table} r
    left join d on d.cell = ${cellOf(c(0))}
    left join s on s.cell = ${cellOf(c(1))}
    left join n on n.cell = ${cellOf(c(2))}
    left join u on u.cell = ${cellOf(c(8))}
    left join k on k.upc = ${cellOf(c(3))} and k.cell = ${cellOf(c(4))}`;
  // The table's two halves (by page) go in side by side, on two connections of the pool: PostgreSQL
  // does not run one INSERT on more than one core.
  const [pages] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select pg_relation_size(${copied}::regclass)::bigint / current_setting('block_size')::int as n`,
    ),
  );
  const half = Math.ceil(Number(pages?.n ?? 0) / 2);
  const halves = [sql`r.ctid < ${`(${half},0)`}::tid`, sql`r.ctid >= ${`(${half},0)`}::tid`];
  const counts = await Promise.all(
    halves.map((inHalf) =>
      joinedByHash(db, async (tx) => {
        const inserted = (await tx.execute(sql`
          insert into ${sql.identifier(job.load)} (${FACT_COLUMNS})
          select release_id, owner_id, isrc, store, country, day, ${rawCell(c(5))}::bigint, ${rawCell(c(6))}::bigint, ${paise}
          from (${checked} where ${inHalf}) r where ok`)) as unknown as {
          rowCount?: number | null;
          affectedRows?: number;
        };
        return inserted.rowCount ?? inserted.affectedRows ?? 0;
      }),
    ),
  );
  const accepted = counts.reduce((a, b) => a + b, 0);
  // What the rows loaded here bring: the releases credited (with the owner each row was given) and
  // the months. When every row went in, each day and pair of codes checked is some row's.
  if (accepted === rows) {
    for (const [, day] of days) job.months.add(`${(day as string).slice(0, 7)}-01`);
    for (const [, , releaseId, owner] of codes) job.credited.set(releaseId as string, owner ?? null);
  } else {
    for (const row of rowsOf<{ release_id: string; owner_id: string | null; month: string }>(
      await db.execute(sql`select distinct release_id, owner_id, to_char(day, 'YYYY-MM-01') as month
        from ${sql.identifier(job.load)}`),
    )) {
      job.credited.set(row.release_id, row.owner_id);
      job.months.add(row.month);
    }
  }
  if (accepted < rows) {
    // The rest, numbered by the line they end on as csv-parse numbers them (its line count also
    // counts each line break inside a quoted cell), go to the server in the file's order.
    const left = sql.identifier(leftTableOf(job.reportId));
    const breaks = sql.raw(
      names.map((n) => `coalesce(length(${n}) - length(translate(${n}, E'\\r\\n', '')), 0)`).join(" + "),
    );
    await joinedByHash(db, (tx) =>
      tx.execute(sql`create unlogged table ${left} as
        select line, ${sql.raw(names.join(", "))} from (
          select r.*, 1 + row_number() over (order by r.at) + sum(${breaks}) over (order by r.at) as line
          from (${checked}) r
        ) r where ok is not true`),
    );
    await db.execute(sql`create index on ${left} (line)`);
    let after = 0;
    for (;;) {
      signal?.throwIfAborted();
      const batch = rowsOf<Record<string, string | null> & { line: string | number }>(
        await db.execute(sql`select * from ${left} where line > ${after} order by line limit ${LEFT_BATCH}`),
      );
      for (const row of batch) {
        after = Number(row.line);
        await take(
          after,
          names.map((n) => row[n] ?? null),
          at,
        );
      }
      if (batch.length < LEFT_BATCH) break;
    }
  }
  await dropCopiedFile(db, job.reportId);
  return { rows: accepted };
}

/**
 * Runs a statement over the copied file's rows joined to the checked values, with nested loops off
 * (this transaction only). Each join is to a short list of values, so hashing is always right; but
 * the planner multiplies the cell conditions' default selectivities, takes a million rows for a few,
 * and would compare each row with every pair of codes (8 minutes instead of 3 seconds, seen here).
 */
function joinedByHash<T>(db: Db, statement: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return statement(tx as unknown as Db);
  });
}

/** Seconds each phase of an import took (logged, so a slow import says where its time went). */
interface ImportTimings {
  readBy: (typeof REPORT_READERS)[number];
  stagingSeconds: number;
  factsSeconds: number;
  postingSeconds: number;
}

async function importReport(
  database: Database,
  reportId: string,
  file: string,
  signal?: AbortSignal,
): Promise<ImportTimings> {
  const db = database.db;
  const started = performance.now();
  const seconds = (from: number) => Math.round(performance.now() - from) / 1000;
  const took: ImportTimings = { readBy: "server", stagingSeconds: 0, factsSeconds: 0, postingSeconds: 0 };
  const claims = await loadClaims(db);
  const load = loadTableOf(reportId);
  await createFactsTable(db, load);
  /** The releases the rows are credited to, with the owner each row was given. */
  const credited = new Map<string, string | null>();

  const errors: { line: number; reason: string }[] = [];
  let errorRows = 0;
  let processed = 0;
  /** The first day of each month the report's rows fall in ("YYYY-MM-01"): each gets its partition. */
  const months = new Set<string>();
  // Checked rows as COPY's CSV lines, loaded a batch at a time; the next batch is parsed while the
  // database loads the last (a database server works on a core of its own).
  const staged = new CsvBatch();
  let loaded = 0;
  let loading: Promise<void> = Promise.resolve();
  const rowsIn = database.copyCsvRows(load, LOADED_COLUMNS);
  /**
   * Whether the load says with a check of its own which one month its rows fall in, so that attaching
   * it as that month's partition reads no row to check its bounds (decision 048): undefined until the
   * first batch of a file read line by line, null once its rows fall in more than one month.
   */
  let bound: string | null | undefined = null;
  const flush = async () => {
    signal?.throwIfAborted();
    const csv = staged.take();
    const progress = { processedRows: processed, errorRows };
    const monthsNow = bound === null ? null : [...months];
    await loading;
    loading = (async () => {
      if (monthsNow) await boundLoad(monthsNow);
      if (csv) await rowsIn.write(csv);
      // Progress only: its commit need not wait for the disk (nor for the rows' WAL before it).
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.update(storeReports).set(progress).where(eq(storeReports.id, reportId));
      });
    })();
    // Awaited at the next flush; a failure is not left unobserved meanwhile.
    loading.catch(() => undefined);
  };
  const refuse = (line: number, reason: string) => {
    errorRows += 1;
    if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason });
  };

  // One record object, refilled for each row: a million rows would otherwise be a million objects.
  // Its properties are written by name, not by a key looked up per row (a keyed write to an object
  // is V8's slow path: a tenth of the staging time).
  const record: Record<(typeof REPORT_COLUMNS)[number], string | undefined> = {
    date: undefined,
    store: undefined,
    country: undefined,
    upc: undefined,
    isrc: undefined,
    streams: undefined,
    listeners: undefined,
    revenue: undefined,
    currency: undefined,
  };
  /** Checks one record (in the order of REPORT_COLUMNS at `at`) and stages it or lists why not. */
  const take = async (line: number, fields: readonly (string | null | undefined)[], at: readonly number[]) => {
    processed += 1;
    record.date = fields[at[0] as number] ?? "";
    record.store = fields[at[1] as number] ?? "";
    record.country = fields[at[2] as number] ?? "";
    record.upc = fields[at[3] as number] ?? "";
    record.isrc = fields[at[4] as number] ?? "";
    record.streams = fields[at[5] as number] ?? "";
    record.listeners = fields[at[6] as number] ?? "";
    record.revenue = fields[at[7] as number] ?? "";
    record.currency = fields[at[8] as number] ?? "";
    const parsed = parseReportRecord(record);
    if ("error" in parsed) refuse(line, parsed.error);
    else {
      const match = matchRow(claims, parsed.row);
      if ("reason" in match) refuse(line, match.reason);
      else {
        const { day, store, country, isrc, streams, listeners, revenuePaise } = parsed.row;
        months.add(`${day.slice(0, 7)}-01`);
        const owner = claims.owners.get(match.releaseId) ?? null;
        credited.set(match.releaseId, owner);
        loaded += 1;
        staged.line(
          `${match.releaseId},${owner ?? ""},${csvText(isrc)},${csvText(store)},${csvText(country)},${day},${streams},${listeners},${revenuePaise}`,
        );
      }
    }
    if (staged.rows >= BATCH || processed % BATCH === 0) await flush();
  };

  /** Adds the load's check of its one month while it is, and drops it once its rows fall in more. */
  async function boundLoad(monthsNow: string[]) {
    const [month] = monthsNow;
    if (bound === undefined && monthsNow.length === 1 && month) {
      bound = month;
      await db.execute(sql`alter table ${sql.identifier(load)} add constraint in_one_month
        check (day >= ${sql.raw(`'${month}'`)}::date and day < ${sql.raw(`'${addMonths(month, 1)}'`)}::date)`);
    } else if (bound && monthsNow.length > 1) {
      bound = null;
      // The rows loaded so far go in first: the check cannot be dropped while a COPY writes the table.
      await rowsIn.end();
      await db.execute(sql`alter table ${sql.identifier(load)} drop constraint in_one_month`);
    }
  }

  /**
   * Reads a file with no quote a line at a time (decision 062). Each line's date, store, country and
   * currency together, and its pair of codes, are checked once for each distinct value (the checks
   * `take` runs, and `matchRow`), and its figures must be plain digits (which those checks take as they
   * stand); a line that passes is staged as it is, any other is handed to `take`, with its number, to
   * be checked as the server checks every row. Answers false, having left nothing staged or counted,
   * when the file is to be read another way.
   */
  async function readByLines(): Promise<boolean> {
    const header = (await readHeader(file)) ?? [];
    const at = columnIndexes(header);
    const [date, store, country, upc, isrc, streams, listeners, revenue, currency] = at as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const width = Math.max(...at) + 1;
    const fewValuedKey = keyOf([date, store, country, currency]);
    const codesKey = keyOf([upc, isrc]);
    /** Each distinct date, store, country and currency: the row's cells as staged and its month, or null. */
    const combinations = new Map<string, { cells: Buffer; month: string } | null>();
    /** Each distinct pair of codes: the row's release, owner and track as staged, or null. */
    const pairs = new Map<string, { cells: Buffer; releaseId: string; owner: string | null } | null>();
    const checks = REPORT_CELL_CHECKS;
    const combinationOf = (key: string, { text, starts, ends }: LineCells) => {
      const cellAt = (i: number) => utf8(text.slice(starts[i], ends[i]));
      const [d, s, n, u] = [
        checks.date(cellAt(date)),
        checks.store(cellAt(store)),
        checks.country(cellAt(country)),
        checks.currency(cellAt(currency)),
      ];
      const found =
        "value" in d && "value" in s && "value" in n && "value" in u
          ? {
              cells: Buffer.from(`${csvText(s.value)},${csvText(n.value)},${d.value},`),
              month: `${d.value.slice(0, 7)}-01`,
            }
          : null;
      combinations.set(key, found);
      return found;
    };
    const pairOf = (key: string, { text, starts, ends }: LineCells) => {
      const checked = checks.codes(
        utf8(text.slice(starts[upc], ends[upc])),
        utf8(text.slice(starts[isrc], ends[isrc])),
      );
      const match = "value" in checked ? matchRow(claims, checked.value) : null;
      const owner = match && "releaseId" in match ? (claims.owners.get(match.releaseId) ?? null) : null;
      const found =
        match && "releaseId" in match && "value" in checked
          ? {
              cells: Buffer.from(`${match.releaseId},${owner ?? ""},${csvText(checked.value.isrc)},`),
              releaseId: match.releaseId,
              owner,
            }
          : null;
      pairs.set(key, found);
      return found;
    };
    // The figures' patterns tried in place, cutting nothing out of the line.
    const whole = stickyOf(REPORT_WHOLE_PLAIN);
    const rupees = stickyOf(REPORT_RUPEES_PLAIN);
    const fields: string[] = new Array(width).fill("");
    bound = undefined;
    const refused = await readPlainLines(file, width, MAX_ROW_BYTES, (line, cells) => {
      const { text, starts, ends } = cells;
      const fewKey = fewValuedKey(cells);
      const combination = combinations.get(fewKey) ?? (combinations.has(fewKey) ? null : combinationOf(fewKey, cells));
      const pairKey = codesKey(cells);
      const pair = pairs.get(pairKey) ?? (pairs.has(pairKey) ? null : pairOf(pairKey, cells));
      // Read one by one: destructured from an array, a million lines each made an array.
      const s0 = starts[streams] as number;
      const s1 = ends[streams] as number;
      const l0 = starts[listeners] as number;
      const l1 = ends[listeners] as number;
      const r0 = starts[revenue] as number;
      const r1 = ends[revenue] as number;
      if (
        combination &&
        pair &&
        matchesAt(whole, text, s0, s1) &&
        matchesAt(whole, text, l0, l1) &&
        matchesAt(rupees, text, r0, r1)
      ) {
        processed += 1;
        loaded += 1;
        months.add(combination.month);
        credited.set(pair.releaseId, pair.owner);
        // Plain digits, staged as they stand: the database reads the number the check would give.
        staged.bytes(pair.cells);
        staged.bytes(combination.cells);
        staged.ascii(text, s0, s1);
        staged.comma();
        staged.ascii(text, l0, l1);
        staged.comma();
        staged.whole(plainRupeesToPaiseAt(text, r0, r1));
        staged.endLine();
        return staged.rows >= BATCH || processed % BATCH === 0 ? flush() : undefined;
      }
      for (let i = 0; i < width; i++) fields[i] = utf8(text.slice(starts[i], ends[i]));
      return take(line, fields, at);
    });
    if (!refused) return true;
    // Read another way from the start: nothing this reading staged or counted stays.
    await loading;
    await rowsIn.end();
    staged.take();
    await db.execute(sql`truncate ${sql.identifier(load)}`);
    if (bound) await db.execute(sql`alter table ${sql.identifier(load)} drop constraint in_one_month`);
    bound = null;
    processed = 0;
    loaded = 0;
    errorRows = 0;
    errors.length = 0;
    months.clear();
    credited.clear();
    return false;
  }

  try {
    // The server reads a file with no quote line by line (decision 062); PostgreSQL reads and checks
    // any other itself when it can (decision 046); otherwise, or for the rows it leaves, the server
    // does, row by row.
    const byLines = !(await hasQuote(file)) && (await readByLines());
    if (!byLines) {
      const copied = await loadByCopy(database, { reportId, file, load, claims, credited, months }, take, signal);
      if (copied) {
        took.readBy = "database";
        processed += copied.rows;
        loaded += copied.rows;
      } else await stage();
    }
    await flush();
    await loading;
    await rowsIn.end();
  } finally {
    // Nothing may still be loading when the caller clears the staged rows after a fault.
    await loading.catch(() => undefined);
    await rowsIn.abort();
  }
  async function stage() {
    let columns: number[] | null = null;
    for await (const { line, fields } of numberedRecords(file)) {
      if (!columns) columns = columnIndexes(fields);
      else await take(line, fields, columns);
    }
    if (!columns) throw new Error(`The report is missing the columns ${REPORT_COLUMNS.join(", ")}.`);
  }

  took.stagingSeconds = seconds(started);
  const factsStarted = performance.now();
  // Each month's facts live in a partition of their own (decision 043). A month with no facts yet
  // gets its partition whole from this report (decision 044); into the others the rows are written.
  const reportMonths = [...months].sort();
  const whole = reportMonths.length === 1;
  // Summed, and a one-month report's key built, side by side before the transaction (decision 048).
  const oneMonth = whole ? (reportMonths[0] ?? null) : null;
  // A report that brings a month no facts had: its plain tracks' ledger entries are written into a
  // table of their own beside the rest (decision 054), on another connection, from as soon as the
  // report's sums are there until the transaction needs them (before it, with one connection).
  const fresh = oneMonth !== null && (await monthIsFresh(db, oneMonth));
  const { built, prebuilding } = await prepareLoad(
    db,
    load,
    reportId,
    oneMonth,
    fresh && oneMonth
      ? () => prebuildPlainEntries(db, { reportId, month: oneMonth, sums: sumsTableOf(reportId) })
      : undefined,
  );
  if (database.connections < 2) await prebuilding;
  /** The split tracks' entries, computed beside the transaction once it holds the releases (decision 058). */
  let precomputing: Promise<SplitPasses | null> = Promise.resolve(null);
  try {
    await importTransaction();
  } finally {
    // Nothing may still be writing the prebuilt entries when the caller clears what a failure left.
    await prebuilding;
    // The split passes beside only read, nothing the transaction locks: they end on their own either way.
    await precomputing;
  }
  return took;

  async function importTransaction() {
    await db.transaction(async (tx) => {
      // Room to group and sort a large report in memory rather than in temporary files (this
      // transaction only).
      await tx.execute(sql`set local work_mem = '128MB'`);
      // And to build a new partition's key in memory (decision 044).
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      // The releases written for stay until this transaction ends (what a foreign key's check of each
      // row did, in one statement; decision 043), and each row's owner is checked against its release's
      // owner now: rows of a release that changed hands meanwhile take the new owner, and rows of a
      // release deleted meanwhile are not imported.
      const { dropped, changed } = await settleOwners(tx as unknown as Db, load, credited);
      // Rows that changed hands or went since they were summed: summed again, as they now stand. The
      // entries being written beside this transaction were computed for the owners as they were, and
      // are not used; they are waited for first. Dropping the sums they may not have read yet would
      // leave each waiting for the other (they for this transaction's lock on the sums, this
      // transaction for them, below), which PostgreSQL's deadlock check cannot see: an import hung so.
      if (changed) {
        await prebuilding;
        await sumReport(tx as unknown as Db, load, reportId, oneMonth);
      } else if (fresh && oneMonth && database.connections > 1) {
        // The owners stand until this transaction ends, and the sums are theirs: the split tracks'
        // entries are computed on another connection while this one attaches the month.
        precomputing = precomputeSplitPasses(db, { reportId, month: oneMonth, sums: sumsTableOf(reportId) }).catch(
          () => null,
        );
      }
      // The tracks and days it brought: what posting reposts, and what the early warnings read once it
      // is in (issue 41).
      await tx.execute(sql`
      insert into report_tracks (report_id, release_id, isrc, first_day, last_day)
      select ${reportId}::uuid, release_id, isrc, min(first_day), max(last_day)
      from ${sql.identifier(sumsTableOf(reportId))}
      group by release_id, isrc
      on conflict do nothing`);
      const written: string[] = [];
      /** The months loaded whole: their posting reads the report's sums, not their facts again. */
      const summedMonths: string[] = [];
      for (const month of reportMonths) {
        if (await loadFreshMonth(tx as unknown as Db, { load, reportId, whole, built }, month))
          summedMonths.push(month);
        else written.push(month);
      }
      for (const month of written) await writeMonth(tx as unknown as Db, load, month);
      await tx.execute(sql`drop table if exists ${sql.identifier(load)}`);
      took.factsSeconds = seconds(factsStarted);
      // Each release's stream count followed the facts (their trigger keeps it). Store revenue → plan
      // share → recoupment → splits → each payee's ledger, in this transaction.
      const postingStarted = performance.now();
      // The prebuilt entries were computed from the sums as they were before this transaction, for the
      // month as a fresh one: if owners changed since, or the month was not loaded whole after all, they
      // are dropped and the tracks posted here.
      const usable = !changed && whole && summedMonths.length === 1 && summedMonths[0] === oneMonth;
      const owners = await repostEarnings(tx as unknown as Db, {
        reportId,
        months: reportMonths,
        summed: { table: sumsTableOf(reportId), months: summedMonths },
        prebuilt: usable ? prebuilding : null,
        precomputed: usable ? precomputing : null,
      });
      await prebuilding;
      await dropUnadoptedPlainLedger(tx as unknown as Db, reportId);
      await dropSums(tx as unknown as Db, reportId);
      took.postingSeconds = seconds(postingStarted);
      await emitStatementsReady(tx as unknown as Db, reportId, owners, reportMonths);
      await queueReportScan(tx, reportId);
      await tx
        .update(storeReports)
        .set({
          status: "completed",
          processedRows: processed,
          importedRows: loaded - dropped,
          errorRows,
          errors,
          readBy: took.readBy,
          finishedAt: new Date(),
        })
        .where(eq(storeReports.id, reportId));
    });
  }
}
