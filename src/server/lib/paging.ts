import { count, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/**
 * The ids of one page of `table`'s matching rows, in order, and how many rows match, from one scan
 * (the count is a window over the same rows). Callers then load the page's rows with their joins,
 * so joins and per-row subqueries run for one page only. A page past the end still gets the total.
 */
export async function pageOfIds(
  db: Db,
  opts: { table: PgTable; id: AnyPgColumn; where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const rows = await db
    .select({ id: opts.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(opts.table)
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
  const first = rows[0];
  if (first) return { ids: rows.map((r) => String(r.id)), total: first.total };
  if (opts.offset === 0) return { ids: [], total: 0 };
  const [counted] = await db.select({ n: count() }).from(opts.table).where(opts.where);
  return { ids: [], total: counted?.n ?? 0 };
}
