// Decision 054: a report that brings a month no facts had writes its plain tracks' ledger entries into
// a table of their own beside the import's transaction (on another connection on PostgreSQL, before the
// transaction on PGlite), and the transaction makes that table part of the ledger only if what the
// entries were computed from still stands. Each test uses a month of its own: a reused test database
// keeps the partitions earlier tests made.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { REPORT_HEADER, uploadReport, waitForReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

describe("a fresh month's plain entries, written beside the import", () => {
  let server: TestServer;
  let admin: TestClient;
  let artist: Awaited<ReturnType<typeof createArtist>>;
  let releaseId: string;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    artist = await createArtist(server, "Ledger Artist");
    releaseId = (await createLiveRelease(server, admin, artist.client, { upcEan: "036000291452" })).id;
  });
  afterEach(async () => {
    await server?.close();
  });
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.database.db.execute(query));
  const importCsv = async (name: string, lines: string[]) => {
    const queued = await uploadReport(admin, name, [REPORT_HEADER, ...lines].join("\n"));
    expect(queued.status).toBe(202);
    const report = await waitForReport(admin, queued.body.report.id);
    expect(report).toMatchObject({ status: "completed" });
    return queued.body.report.id as string;
  };
  const ownTable = (reportId: string) => `royalty_entries_report_${reportId.replaceAll("-", "")}`;
  /** The tables that inherit the ledger. */
  const children = async () =>
    (
      await rows<{ name: string }>(sql`select inhrelid::regclass::text as name from pg_inherits
        where inhparent = 'royalty_entries'::regclass`)
    ).map((r) => r.name);
  const heldFor = async (month: string) =>
    rows<{ user_id: string; paise: number }>(sql`select user_id, sum(amount_paise)::int as paise from royalty_entries
      where release_id = ${releaseId} and month = ${month} group by user_id`);

  it("makes the table part of the ledger, to the same paise every reader of the ledger sees", async () => {
    const reportId = await importCsv("fresh.csv", [
      "2037-04-01,Spotify,IN,036000291452,,1000,400,40.00,INR",
      "2037-04-02,JioSaavn,US,036000291452,,500,200,10.50,INR",
    ]);
    expect(await children()).toContain(ownTable(reportId));
    // Every entry of the report is in its own table; the ledger's own table has none of them.
    expect(
      await rows(sql`select tableoid::regclass::text as held_in, count(*)::int as entries from royalty_entries
        where report_id = ${reportId} group by 1`),
    ).toEqual([{ held_in: ownTable(reportId), entries: 2 }]);
    // ₹50.50 of store revenue at the Basic Artist share of 80%.
    expect(await heldFor("2037-04-01")).toEqual([{ user_id: artist.id, paise: 4040 }]);
    const royalties = await artist.client.get("/api/royalties");
    expect(royalties.body.monthly).toEqual([
      { month: "2037-04-01", grossPaise: 5050, sharePercent: 80, netPaise: 4040 },
    ]);
    expect(royalties.body.totalEarningsPaise).toBe(4040);
    const analytics = await artist.client.get("/api/analytics?from=2037-04-01&to=2037-04-30");
    expect(analytics.body.months).toEqual([{ month: "2037-04-01", royaltiesPaise: 4040 }]);

    // A later report restating a day of that month is posted into the ledger's own table, and reverses
    // what the report's table holds: the month then holds the new figures only.
    const restated = await importCsv("restated.csv", ["2037-04-01,Spotify,IN,036000291452,,1000,400,30.00,INR"]);
    expect(await children()).not.toContain(ownTable(restated));
    expect(await heldFor("2037-04-01")).toEqual([{ user_id: artist.id, paise: 3240 }]);
    expect((await artist.client.get("/api/royalties")).body.monthly).toEqual([
      { month: "2037-04-01", grossPaise: 4050, sharePercent: 80, netPaise: 3240 },
    ]);
  });

  it("drops the table and posts in the transaction when a plan changed since the entries were computed", async () => {
    const db = server.database.db;
    // The artist moves to the Pro plan (85%) the moment the report's table gets its first index, after
    // its entries were computed at Basic Artist's 80% and before the import's transaction reads the
    // plans: an event trigger makes the race happen every time. DDL takes no parameters: the id is
    // this test's own.
    await db.execute(
      sql.raw(`create function test_change_plan() returns event_trigger language plpgsql as $$
        begin
          if exists (select 1 from pg_event_trigger_ddl_commands()
              where object_identity like '%royalty_entries_report_%')
            and not exists (select 1 from subscriptions where user_id = '${artist.id}' and plan_id = 'pro_artist') then
            insert into subscriptions (user_id, plan_id, start_date, end_date, amount_paise, kind)
            values ('${artist.id}', 'pro_artist', '2037-01-01', '2037-12-31', 0, 'paid');
          end if;
        end $$`),
    );
    await db.execute(
      sql.raw(`create event trigger test_change_plan on ddl_command_end when tag in ('CREATE INDEX')
        execute function test_change_plan()`),
    );
    let reportId: string;
    try {
      reportId = await importCsv("plan-changed.csv", ["2037-06-03,Spotify,IN,036000291452,,1000,400,40.00,INR"]);
    } finally {
      await db.execute(sql`drop event trigger test_change_plan`);
      await db.execute(sql`drop function test_change_plan()`);
    }
    expect(
      await rows(sql`select plan_id from subscriptions where user_id = ${artist.id} and plan_id = 'pro_artist'`),
    ).toEqual([{ plan_id: "pro_artist" }]);
    // The table is gone, and the entries were posted at the plan in force: 85% of ₹40.00.
    expect(await children()).not.toContain(ownTable(reportId));
    expect(await rows(sql`select to_regclass(${ownTable(reportId)}) as found`)).toEqual([{ found: null }]);
    expect(await heldFor("2037-06-01")).toEqual([{ user_id: artist.id, paise: 3400 }]);
    expect(
      await rows(sql`select tableoid::regclass::text as held_in from royalty_entries where report_id = ${reportId}`),
    ).toEqual([{ held_in: "royalty_entries" }]);
  });

  it("leaves an account's entries in the report's table without the account when the account goes", async () => {
    const reportId = await importCsv("leaving.csv", ["2037-08-05,Spotify,IN,036000291452,,10,4,2.00,INR"]);
    expect(await children()).toContain(ownTable(reportId));
    // What deleting an account does to its entries (migration 0071's trigger), on every table of the ledger.
    await server.database.db.execute(
      sql`update royalty_entries set user_id = null where user_id = ${artist.id} and report_id = ${reportId}`,
    );
    expect(
      await rows(sql`select user_id, amount_paise::int as paise from ${sql.identifier(ownTable(reportId))}`),
    ).toEqual([{ user_id: null, paise: 160 }]);
  });
});
