import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#server/db/client";
import { createTestDatabase } from "./test-database";

const one = async (database: Database, query: string) => {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0];
};

describe("each test's own fresh database", () => {
  it("hands out a database with nothing a previous test left: no rows, sequences at their start, no session state", async () => {
    const first = await createTestDatabase();
    const start = await one(first.database, "select nextval('support_tickets_number_seq') as n");
    await one(first.database, "select nextval('support_tickets_number_seq') as n");
    await first.database.db.execute(sql`insert into row_counts (scope, bucket, n) values ('users', '', 7)`);
    await first.database.db.execute(sql`select pg_advisory_lock(4242)`);
    await first.database.db.execute(sql`set statement_timeout = 1234`);
    await first.dispose();

    const second = await createTestDatabase();
    try {
      expect(await one(second.database, "select count(*)::int as n from row_counts")).toEqual({ n: 0 });
      // What the migrations seed is still there.
      expect(await one(second.database, "select count(*)::int as n from roles")).toEqual({ n: 2 });
      expect(await one(second.database, "select nextval('support_tickets_number_seq') as n")).toEqual(start);
      expect(
        await one(
          second.database,
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
        ),
      ).toEqual({
        n: 0,
      });
      expect(await one(second.database, "show statement_timeout")).toEqual({ statement_timeout: "0" });
    } finally {
      await second.dispose();
    }
  });

  it("gives two databases open at once their own contents", async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await a.database.db.execute(sql`insert into row_counts (scope, bucket, n) values ('users', '', 1)`);
      expect(await one(b.database, "select count(*)::int as n from row_counts")).toEqual({ n: 0 });
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });
});
