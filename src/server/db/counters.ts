import { sql } from "drizzle-orm";
import type { Tx } from "./client";

/**
 * The next number of a counter, inside the caller's transaction. The counter's row stays locked until
 * that transaction ends, and rolls back with it: numbers are never skipped or given twice.
 */
export async function nextNumber(tx: Tx, scope: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into identifier_counters (scope, last) values (${scope}, 1)
    on conflict (scope) do update set last = identifier_counters.last + 1
    returning last`);
  return Number((result as unknown as { rows: { last: string | number }[] }).rows[0]?.last);
}
