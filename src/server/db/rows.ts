/**
 * The rows of a raw `db.execute(sql\`…\`)`: both drivers answer `{ rows }`, which drizzle's shared
 * type does not say. `T` is what the query selects, as the driver returns it (bigint sums as strings).
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
