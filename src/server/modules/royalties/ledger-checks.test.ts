// The ledger's references, checked once per statement rather than row by row through foreign keys
// (decision 054): an entry's collaborator (migration 0081) and its account (migrations 0078, 0082),
// whether the entries are inserted or arrive in a report's own table.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { createTestDatabase } from "#server/test/test-database";
import { prebuildPlainEntries, repostEarnings } from "./posting";

/** The error a statement failed with, as the driver gives it (PGlite and node-postgres differ). */
async function failureOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e as { cause?: { code?: string; message?: string }; code?: string; message?: string },
  );
  return err?.cause ?? err;
}

describe("the ledger's collaborators, checked per statement", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const run = (query: ReturnType<typeof sql>) => database.database.db.execute(query);
  let collaboratorId: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    await run(sql`insert into users (id, name, email) values ('owner-1', 'Owner', 'owner-1@example.com')`);
    const [row] = rowsOf<{ id: string }>(
      await run(sql`insert into collaborators (owner_id, name, role, email, invite_token_hash, invite_token_encrypted)
        values ('owner-1', 'Producer', 'producer', 'producer@example.com', md5('invite'), 'sealed') returning id`),
    );
    collaboratorId = row?.id as string;
  });
  afterEach(async () => {
    await database.dispose();
  });

  const entry = (
    collaborator: string,
  ) => sql`insert into royalty_entries (user_id, collaborator_id, kind, amount_paise, month)
    values (null, ${collaborator}::uuid, 'earning', 100, '2030-01-01')`;

  it("refuses an entry naming a collaborator who does not exist, with the foreign key's error, and writes nothing", async () => {
    const cause = await failureOf(run(entry("00000000-0000-4000-8000-000000000000")));
    expect(cause?.code).toBe("23503");
    expect(cause?.message).toContain("royalty_entries_collaborator_id_collaborators_id_fk");
    expect(rowsOf(await run(sql`select 1 from royalty_entries`))).toEqual([]);
  });

  it("keeps an entry for a collaborator who exists, and leaves it with no collaborator once they are deleted", async () => {
    await run(entry(collaboratorId));
    await run(sql`delete from collaborators where id = ${collaboratorId}`);
    expect(rowsOf(await run(sql`select collaborator_id, amount_paise::int as paise from royalty_entries`))).toEqual([
      { collaborator_id: null, paise: 100 },
    ]);
  });
});

describe("the ledger's accounts, checked per statement", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const run = (query: ReturnType<typeof sql>) => database.database.db.execute(query);
  const month = "2030-01-01";

  beforeEach(async () => {
    database = await createTestDatabase();
    await run(sql`insert into users (id, name, email) values ('owner-1', 'Owner', 'owner-1@example.com')`);
  });
  afterEach(async () => {
    await database.dispose();
  });
  /**
   * A report of no plain tracks whose entries were written beside its import (decision 054), with
   * `entries` (account, paise) put into its table, adopted by an import's transaction.
   */
  const adopt = async (reportId: string, entries: [string, number][]) => {
    const db = database.database.db;
    // The report's sums, of no rows (a test database may be one an earlier test used).
    await run(sql`drop table if exists report_sums_for_test`);
    await run(sql`create table report_sums_for_test (release_id uuid, isrc text)`);
    const prebuilt = await prebuildPlainEntries(db, { reportId, month, sums: "report_sums_for_test" });
    for (const [account, paise] of entries) {
      await run(sql`insert into ${sql.identifier(prebuilt.table)} (user_id, kind, amount_paise, month)
        values (${account}, 'earning', ${paise}, ${month})`);
    }
    return db.transaction((tx) =>
      repostEarnings(tx as unknown as Db, { reportId, months: [month], prebuilt: Promise.resolve(prebuilt) }),
    );
  };

  it("refuses an insert naming an account that does not exist, with the foreign key's error", async () => {
    const cause = await failureOf(
      run(sql`insert into royalty_entries (user_id, kind, amount_paise, month) values
        ('owner-1', 'earning', 100, ${month}), ('nobody', 'earning', 100, ${month})`),
    );
    expect(cause?.code).toBe("23503");
    expect(cause?.message).toContain("royalty_entries_user_id_users_id_fk");
    expect(rowsOf(await run(sql`select 1 from royalty_entries`))).toEqual([]);
  });

  it("refuses to adopt a report's own entries naming an account that does not exist, as an insert would", async () => {
    // One of the report's entries names an account that does not exist. Adopting them fires none of
    // the ledger's triggers: the adoption runs the same check.
    const cause = await failureOf(
      adopt("00000000-0000-4000-8000-000000000001", [
        ["owner-1", 100],
        ["nobody", 250],
      ]),
    );
    expect(cause?.code).toBe("23503");
    expect(cause?.message).toContain("royalty_entries_user_id_users_id_fk");
    expect(rowsOf(await run(sql`select 1 from royalty_entries`))).toEqual([]);
  });

  it("numbers a report's own entries from the ledger's sequence, named once rather than looked up for each row", async () => {
    await run(
      sql`insert into royalty_entries (user_id, kind, amount_paise, month) values ('owner-1', 'earning', 100, ${month})`,
    );
    await adopt("00000000-0000-4000-8000-000000000003", [["owner-1", 250]]);
    // The id's default is the ledger's sequence by name (decision 059): a default that called
    // pg_get_serial_sequence searched the catalogue again for every row written.
    const [column] = rowsOf<{ expression: string }>(
      await run(sql`select pg_get_expr(d.adbin, d.adrelid) as expression from pg_attrdef d
        join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = 'royalty_entries_report_00000000000040008000000000000003'::regclass and a.attname = 'id'`),
    );
    expect(column?.expression).toBe("nextval('royalty_entries_id_seq'::regclass)");
    // And the ids follow the ledger's own.
    expect(
      rowsOf<{ paise: number }>(await run(sql`select amount_paise::int as paise from royalty_entries order by id`)),
    ).toEqual([{ paise: 100 }, { paise: 250 }]);
  });

  it("adopts a report's own entries whose accounts all exist", async () => {
    await adopt("00000000-0000-4000-8000-000000000002", [["owner-1", 100]]);
    expect(rowsOf(await run(sql`select user_id, amount_paise::int as paise from royalty_entries`))).toEqual([
      { user_id: "owner-1", paise: 100 },
    ]);
  });
});
