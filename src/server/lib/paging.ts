import { count, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { DEFAULT_PAGE_SIZE } from "#domain/pagination";
import type { Db } from "#server/db/client";
import { preparedQuery, shapeOf } from "#server/db/prepared";

export interface PageSpec {
  table: PgTable;
  id: AnyPgColumn;
  where: SQL | undefined;
  /** The page's order, newest first: each column descending, the last one unique (the id). */
  order: AnyPgColumn[];
  limit: number | Placeholder;
  offset: number | Placeholder;
  /** A text search: its matches are collected once and both paged and counted from there. */
  search?: boolean;
  /** How many rows match, from a source cheaper than counting them (`row_counts`), for plain filters. */
  total?: SQL<number>;
}

/**
 * The pieces of a one-statement page of `table`: `inPage`, a condition true for the page's rows only
 * (their ids, picked in a subquery), and `total`, how many rows match, as a column to select beside
 * the rows. The caller selects its columns from `table` (joined to whatever it needs) where `inPage`,
 * ordered by `orderBy`, so joins and per-row subqueries run for the page's rows only and the whole
 * page is one round trip, which can be prepared once with placeholders for the filters and bounds.
 *
 * Bounds given as numbers are written into the statement, placeholders stay parameters (`pageBounds`).
 * The ids come as `id = any(array(...))` rather than a join: with the page bounds as parameters a
 * plan guesses a tenth of the table for a joined page and hashes the whole table, while an array of
 * ids is always looked up by primary key.
 *
 * Plain filters read the page straight off an index (index columns ending in the order columns). A
 * text search is collected once in a CTE that both the page and the count read, which PostgreSQL
 * materialises as it is read twice: so the search runs on its own (trigram bitmaps), not as a walk
 * down the order index testing every row, which the planner's cheap guess for ILIKE would pick.
 */
export function pageParts(db: Db, spec: PageSpec) {
  const { table, id, where } = spec;
  const limit = bound(spec.limit);
  const offset = bound(spec.offset);
  const orderBy = spec.order.map((column) => desc(column));
  if (!spec.search) {
    const ids = db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    const total = spec.total ?? sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`;
    const countAll = async () => {
      const result = (await db.execute(sql`select ${total} as n`)) as unknown as { rows: { n: unknown }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    return { ctes: [], inPage: sql`${id} = any(array(${ids}))`, orderBy, total: total.mapWith(Number), countAll };
  }
  const keys = spec.order.map((_, i) => `o${i}`);
  const matches = db.$with("matches").as(
    db
      .select({ id, ...Object.fromEntries(keys.map((key, i) => [key, sql`${spec.order[i]}`.as(key)])) })
      .from(table)
      .where(where),
  );
  const fields = matches as unknown as Record<string, AnyPgColumn>;
  const ids = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...keys.map((key) => desc(fields[key] as AnyPgColumn)))
    .limit(limit)
    .offset(offset);
  const total = sql<number>`(select count(*) from ${matches})`.mapWith(Number);
  const countAll = async () => (await db.with(matches).select({ n: count() }).from(matches))[0]?.n ?? 0;
  return { ctes: [matches], inPage: sql`${id} = any(array(${ids}))`, orderBy, total, countAll };
}

/** Pages whose bounds are written into their prepared statement (see `pageBounds`). */
const PREPARED_PAGES = 5;

/**
 * A page's limit and offset for a prepared statement, and the suffix its name takes. PostgreSQL's
 * generic plan cannot know a bound that is a parameter and guesses a tenth of the table, so a
 * statement with parameter bounds is planned afresh on every run (as long as running it). The first
 * pages of the usual size, which are what people open, get their bounds written into the statement
 * instead, one statement each, and are planned once; later pages share one with parameters.
 */
function pageBounds(page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  if (pageSize === DEFAULT_PAGE_SIZE && page <= PREPARED_PAGES) return { suffix: `_p${page}`, limit: pageSize, offset };
  return { suffix: "", limit: sql.placeholder("limit"), offset: sql.placeholder("offset") };
}

/** A bound given as a number is written into the statement; a placeholder stays a parameter. */
function bound(value: number | Placeholder): number | Placeholder {
  if (typeof value !== "number") return value;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a page bound: ${value}`);
  // Drizzle writes an SQL limit or offset as given; its types only allow numbers and placeholders.
  return sql.raw(String(value)) as unknown as number;
}

/**
 * A page's rows and the total selected beside them (rows keep their copy; mappers pick their fields).
 * A page past the end has no row to carry the total, so it is counted apart: a page past the end
 * still tells how many there are.
 */
async function withTotal<Row extends { total: number }>(
  rows: Row[],
  offset: number,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const first = rows[0];
  if (!first) return { rows, total: offset === 0 ? 0 : await countAll() };
  return { rows, total: first.total };
}

/** A page's bounds: numbers are written into the statement, placeholders stay parameters. */
export type PageBounds = { limit: number | Placeholder; offset: number | Placeholder };

/** A list's page builder: given filters (values or placeholders) and bounds, its query and a count. */
type PageBuilder<F, Row> = (
  db: Db,
  spec: { [K in keyof F]: F[K] | Placeholder } & PageBounds,
) => {
  query: { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> } };
  countAll: () => Promise<number>;
};

/**
 * One page of a list and how many match, from a statement prepared once per combination of the
 * filters given (`shapeOf`) and page bounds (`pageBounds`), named `prefix` and what it holds.
 */
export async function preparedPage<F extends Record<string, string | undefined>, Row extends { total: number }>(
  db: Db,
  prefix: string,
  filters: F,
  paging: { page: number; pageSize: number },
  build: PageBuilder<F, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const bounds = pageBounds(paging.page, paging.pageSize);
  const shape = shapeOf(prefix, filters);
  const prepared = preparedQuery(db, shape.name + bounds.suffix, (d, name) =>
    build(d, { ...shape.params, limit: bounds.limit, offset: bounds.offset } as Parameters<
      typeof build
    >[1]).query.prepare(name),
  );
  const limit = paging.pageSize;
  const offset = (paging.page - 1) * limit;
  return withTotal(await prepared.execute({ ...filters, limit, offset }), offset, () =>
    build(db, { ...filters, limit, offset }).countAll(),
  );
}
