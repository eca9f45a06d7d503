import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { rowCounts } from "./schema";

type Scope = "users" | "support_tickets";

/**
 * How many rows `scope` holds in the buckets matching `conditions`, read from `row_counts`, which
 * triggers keep exact (migration 0012): a few rows instead of a count over every matching row.
 */
function countedRows(scope: Scope, conditions: SQL[] = []): SQL<number> {
  return sql<number>`(select coalesce(sum(${rowCounts.n}), 0) from ${rowCounts}
    where ${and(eq(rowCounts.scope, scope), ...conditions)})`;
}

/** How many users there are. */
export const userCount = () => countedRows("users");

type Filter = string | Placeholder | undefined;

/** How many tickets have the given status and priority (either left out: any). Buckets are "status priority". */
export function ticketCount(filters: { status?: Filter; priority?: Filter }): SQL<number> {
  const conditions: SQL[] = [];
  if (filters.status !== undefined) conditions.push(sql`split_part(${rowCounts.bucket}, ' ', 1) = ${filters.status}`);
  if (filters.priority !== undefined)
    conditions.push(sql`split_part(${rowCounts.bucket}, ' ', 2) = ${filters.priority}`);
  return countedRows("support_tickets", conditions);
}
