import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

/** A built query, as Drizzle's builders give it. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

const literal = (value: unknown) =>
  typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * The plan PostgreSQL would run `query` with when it may only look rows up through index bitmaps
 * (sequential scans and index walks off): a condition no index fits still shows as a Seq Scan, or as
 * a filter over a walk. The test tables are small, so the planner's own choice would prove nothing.
 */
export async function indexedPlan(db: Db, query: BuiltQuery): Promise<string> {
  const built = query.toSQL();
  // Parameters written in as literals: EXPLAIN cannot take them from a prepared statement here.
  const text = built.sql.replace(/\$(\d+)/g, (_, n: string) => literal(built.params[Number(n) - 1]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join("\n");
  });
}
