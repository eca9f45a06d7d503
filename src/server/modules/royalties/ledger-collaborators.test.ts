// Migration 0081 (decision 054): an entry's collaborator is checked once per statement, not row by row
// through a foreign key; what the key guaranteed still holds.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows";
import { createTestDatabase } from "#server/test/test-database";

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
    const err = await run(entry("00000000-0000-4000-8000-000000000000")).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string; message?: string }; code?: string; message?: string },
    );
    const cause = err?.cause ?? err;
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
