import { count, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/**
 * The ids of one page of `table`'s matching rows, in order, and how many rows match. Callers then
 * load the page's rows with their joins, so joins and per-row subqueries run for one page only.
 *
 * Plain filters read the page straight off an index (index columns ending in the order columns)
 * and count separately, index-only. A text search (`oneScan`) is costly to run twice, so its page
 * and count come from one scan, the count as a window over it.
 */
export async function pageOfIds(
  db: Db,
  opts: {
    table: PgTable;
    id: AnyPgColumn;
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    oneScan?: boolean;
  },
): Promise<{ ids: string[]; total: number }> {
  const countAll = async () => (await db.select({ n: count() }).from(opts.table).where(opts.where))[0]?.n ?? 0;
  if (!opts.oneScan) {
    const [rows, total] = await Promise.all([
      db
        .select({ id: opts.id })
        .from(opts.table)
        .where(opts.where)
        .orderBy(...opts.orderBy)
        .limit(opts.limit)
        .offset(opts.offset),
      countAll(),
    ]);
    return { ids: rows.map((r) => String(r.id)), total };
  }
  // Materialised, so the search is planned on its own (trigram bitmaps) rather than as a walk down
  // the order index testing every row, which the planner's cheap guess for ILIKE would pick. The
  // CTE takes the table's name, so the caller's where and order clauses read it unchanged.
  const result = await db.execute(sql`
    with matches as materialized (select * from ${opts.table} where ${opts.where ?? sql`true`})
    select ${opts.id} as id, count(*) over () as total from matches as ${opts.table}
    order by ${sql.join(opts.orderBy, sql`, `)} limit ${opts.limit} offset ${opts.offset}`);
  const rows = (result as unknown as { rows: { id: unknown; total: unknown }[] }).rows.map((r) => ({
    id: r.id,
    total: Number(r.total),
  }));
  const first = rows[0];
  if (first) return { ids: rows.map((r) => String(r.id)), total: first.total };
  // A page past the end still tells how many there are.
  return { ids: [], total: opts.offset === 0 ? 0 : await countAll() };
}
