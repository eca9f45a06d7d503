import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIST_SHARE_SQL, artistShare } from "#domain/money";
import { createTestDatabase } from "#server/test/test-database";

describe("the artist-share formula", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("gives the same paise in SQL (reconciliation) as in TypeScript (posting), whatever the figures", async () => {
    const cases = fc.sample(
      fc.tuple(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), fc.integer({ min: 0, max: 100 })),
      300,
    );
    cases.push([1, 50], [-1, 50], [-3, 50], [7550, 80], [0, 0]);
    const values = sql.join(
      cases.map(([gross, share]) => sql`(${gross}::bigint, ${share}::int)`),
      sql`, `,
    );
    const formula = sql.raw(ARTIST_SHARE_SQL.replace("{gross}", "v.gross").replace("{share}", "v.share"));
    const result = await db.database.db.execute(
      sql`select v.gross::text as gross, v.share, (${formula})::text as net from (values ${values}) as v(gross, share)`,
    );
    const rows = (result as unknown as { rows: { gross: string; share: number; net: string }[] }).rows;
    expect(rows).toHaveLength(cases.length);
    for (const row of rows)
      expect(Number(row.net), `${row.gross} at ${row.share}%`).toBe(artistShare(Number(row.gross), row.share));
  });
});
