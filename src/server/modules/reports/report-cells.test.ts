import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUPEES_TO_PAISE_SQL } from "#domain/money";
import {
  REPORT_CELL_CHECKS,
  REPORT_RUPEES_PLAIN,
  REPORT_RUPEES_SQL,
  REPORT_WHOLE_PLAIN,
  REPORT_WHOLE_SQL,
} from "#domain/reports";
import { rowsOf } from "#server/db/rows";
import { createTestDatabase } from "#server/test/test-database";

// A store report's figures are checked in the database when PostgreSQL reads the file (decision 046):
// whatever a cell holds, the database may take only what the server's own check takes, at the same
// value; anything else it leaves to the server.
describe("the figures the database takes as they stand", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("are a part of what the server's checks take, at the same value, whatever the cell", async () => {
    // Digits, points and what comes near them: spaces, signs, exponents, another script's digits.
    const cell = fc.string({ unit: fc.constantFrom(..."0123456789012345678.. -+e\t١٢"), maxLength: 24 });
    const cells = fc.sample(cell, 1500);
    // Figures as stores write them, and the edges of each pattern.
    const plain = fc.sample(
      fc.tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.nat({ max: 99_999_999 }), fc.nat({ max: 8 })),
      500,
    );
    cells.push(
      ...plain.map(([whole, fraction, places]) =>
        places ? `${whole}.${String(fraction).padStart(8, "0").slice(0, places)}` : `${whole}`,
      ),
    );
    cells.push("0", "0.005", "0.004999", "1.995", "999999999999.99999999", "1000000000000", ".5", "5.", "", " 1", "1 ");
    const values = sql.join(
      cells.map((c) => sql`(${c}::text)`),
      sql`, `,
    );
    const paise = sql.raw(RUPEES_TO_PAISE_SQL.replace("{rupees}", "v.cell"));
    const whole = sql.raw(REPORT_WHOLE_SQL.replaceAll("{cell}", "v.cell"));
    const rupees = sql.raw(REPORT_RUPEES_SQL.replaceAll("{cell}", "v.cell"));
    const rows = rowsOf<{
      cell: string;
      whole: boolean;
      rupees: boolean;
      paise: string | null;
      whole_pattern: boolean;
      rupees_pattern: boolean;
    }>(
      await db.database.db.execute(sql`
        select v.cell, coalesce(${whole}, false) as whole, coalesce(${rupees}, false) as rupees,
          case when ${rupees} then (${paise})::text end as paise,
          v.cell ~ '^[0-9]{1,12}$' as whole_pattern, v.cell ~ '^[0-9]{1,12}([.][0-9]{1,8})?$' as rupees_pattern
        from (values ${values}) as v(cell)`),
    );
    expect(rows).toHaveLength(cells.length);
    let taken = 0;
    for (const row of rows) {
      // The conditions are the plain patterns they describe, written without regular expressions.
      expect([row.whole, row.rupees], JSON.stringify(row.cell)).toEqual([row.whole_pattern, row.rupees_pattern]);
      // And the server's patterns, which spare the database its checks when every line passes them.
      expect([REPORT_WHOLE_PLAIN.test(row.cell), REPORT_RUPEES_PLAIN.test(row.cell)], JSON.stringify(row.cell)).toEqual(
        [row.whole, row.rupees],
      );
      if (row.whole) {
        taken += 1;
        expect(REPORT_CELL_CHECKS.streams(row.cell), JSON.stringify(row.cell)).toEqual({ value: Number(row.cell) });
      }
      if (row.rupees) {
        expect(REPORT_CELL_CHECKS.revenue(row.cell), JSON.stringify(row.cell)).toEqual({ value: Number(row.paise) });
      }
    }
    // The sample reached both sides of each pattern.
    expect(taken).toBeGreaterThan(100);
    expect(rows.some((r) => !r.whole && !r.rupees)).toBe(true);
  });
});
