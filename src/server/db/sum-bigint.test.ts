import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows";
import { sqlState } from "#server/lib/errors";
import { createTestDatabase } from "#server/test/test-database";

describe("sum_bigint (migration 0085)", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("answers what sum() answers, group by group, nulls and negative figures included", async () => {
    const groups = fc.sample(
      fc.array(fc.option(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { nil: null }), {
        minLength: 1,
        maxLength: 20,
      }),
      60,
    );
    groups.push([null], [0n], [10n ** 12n, 10n ** 12n]);
    const values = sql.join(
      groups.flatMap((figures, group) =>
        figures.map((figure) => sql`(${group}, ${figure?.toString() ?? null}::bigint)`),
      ),
      sql`, `,
    );
    const rows = rowsOf<{ group: number; summed: string | null; exact: string | null; type: string }>(
      await db.database.db.execute(sql`select v.g as group, sum(v.x)::text as summed, sum_bigint(v.x)::text as exact,
        pg_typeof(sum_bigint(v.x))::text as type
        from (values ${values}) as v(g, x) group by v.g order by v.g`),
    );
    expect(rows).toHaveLength(groups.length);
    for (const row of rows) {
      expect(row.exact, `group ${row.group}`).toBe(row.summed);
      expect(row.type).toBe("bigint");
    }
  });

  it("answers null over no rows, as sum() does", async () => {
    const [row] = rowsOf<{ exact: string | null }>(
      await db.database.db.execute(sql`select sum_bigint(x) as exact from (select 1::bigint as x where false) v`),
    );
    expect(row?.exact).toBeNull();
  });

  it("refuses a total beyond bigint, as the cast of sum() to bigint did", async () => {
    // The SQLSTATE of "bigint out of range" (numeric_value_out_of_range), or what was answered.
    const over = (aggregate: string) =>
      db.database.db
        .execute(sql`select ${sql.raw(aggregate)} from (values (9223372036854775807::bigint), (1::bigint)) as v(x)`)
        .then(
          (answered) => JSON.stringify(rowsOf(answered)),
          (err: unknown) => sqlState(err),
        );
    expect(await over("sum(x)::bigint")).toBe("22003");
    expect(await over("sum_bigint(x)")).toBe("22003");
  });
});
