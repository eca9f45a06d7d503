import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "#server/test/test-env";
import { StatementCachingClient } from "./statement-cache";

const url = TEST_ENV.databaseUrl;

describe.skipIf(!url)("statements prepared once per connection (PostgreSQL)", () => {
  let client: StatementCachingClient;
  const prepared = async () =>
    (await client.query("select name, statement from pg_prepared_statements")).rows as {
      name: string;
      statement: string;
    }[];

  beforeAll(async () => {
    client = new StatementCachingClient({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it("prepares a parameterised statement on first use and reuses it after", async () => {
    const text = "select $1::int + 1 as n";
    expect((await client.query({ text, values: [1] })).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect((await client.query(text, [9])).rows).toEqual([{ n: 10 }]);
    const mine = (await prepared()).filter((s) => s.statement === text);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^k[0-9a-f]{40}$/);
  });

  it("leaves statements without parameters alone, so several can share one text", async () => {
    const result = await client.query("select 1 as a; select 2 as b");
    expect(Array.isArray(result)).toBe(true);
    expect((await prepared()).some((s) => s.statement.includes("select 2 as b"))).toBe(false);
  });

  it("keeps working after a statement fails to prepare", async () => {
    await expect(client.query({ text: "select $1::int from no_such_table", values: [1] })).rejects.toThrow(
      /no_such_table/,
    );
    await client.query("create temporary table later_table (n int)");
    await client.query({ text: "insert into later_table values ($1)", values: [7] });
    await expect(client.query({ text: "select $1::int from no_such_table", values: [1] })).rejects.toThrow();
    expect((await client.query({ text: "select n from later_table where n = $1", values: [7] })).rows).toEqual([
      { n: 7 },
    ]);
  });

  it("stops naming new statements past its limit, and they still run", async () => {
    for (let i = 0; i < 520; i++) {
      const { rows } = await client.query({ text: `select $1::int + ${i} as n`, values: [1] });
      expect(rows[0].n).toBe(1 + i);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(500);
  });
});
