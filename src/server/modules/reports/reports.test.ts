import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "#domain/clock";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { createArtist, createLiveRelease, paypalPayee } from "#server/test/factories";
import { REPORT_HEADER, uploadReport, waitForReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { settleOwners } from "./report-importer";

const HEADER = REPORT_HEADER;
const upload = uploadReport;

describe("store report import", () => {
  let server: TestServer;
  let admin: TestClient;
  let artist: Awaited<ReturnType<typeof createArtist>>;
  let releaseId: string;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    artist = await createArtist(server, "Imported Artist");
    releaseId = (await createLiveRelease(server, admin, artist.client, { upcEan: "036000291452" })).id;
  });
  afterEach(async () => {
    await server?.close();
  });
  /** A query's rows, on the test server's database. */
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.database.db.execute(query));
  /** The release's daily facts, by day and store. */
  const releaseFacts = () =>
    rows<{ store: string; country: string; day: string; streams: number; listeners: number; revenue_paise: number }>(
      sql`select store, country, day::text, streams::int, listeners::int, revenue_paise::int
        from daily_stream_facts where release_id = ${releaseId} order by day, store`,
    );

  it("matches track-level rows by ISRC when they carry no UPC", async () => {
    const trackArtist = await createArtist(server, "Track Artist");
    const album = (
      await createLiveRelease(server, admin, trackArtist.client, {
        releaseType: "ep",
        title: "Tracked",
        tracks: [
          { title: "Tracked", isrc: "IN-ABC-26-90001" },
          { title: "Second", audioFileUrl: "https://cdn.example.com/2.wav", isrc: "INABC2690002" },
        ],
      })
    ).id;
    const csv = [
      HEADER,
      "2026-09-01,Spotify,IN,,INABC2690001,70,30,7.00,INR",
      "2026-09-01,Spotify,IN,,INABC2690002,30,10,3.00,INR",
      "2026-09-01,Spotify,IN,,INABC2699999,5,5,1.00,INR",
      "2026-09-01,Spotify,IN,012345678905,INABC2699998,5,5,1.00,INR",
    ].join("\n");
    const queued = await upload(admin, "isrc-rows.csv", csv);
    const report = await waitForReport(admin, queued.body.report.id);
    expect(report).toMatchObject({ status: "completed", importedRows: 2, errorRows: 2 });
    expect(report.errors).toEqual([
      { line: 4, reason: "isrc INABC2699999 matches no release" },
      { line: 5, reason: "upc 012345678905 and isrc INABC2699998 match no release" },
    ]);
    expect((await trackArtist.client.get(`/api/releases/${album}`)).body.release.streams).toBe(100);
    const facts = await server.database.db.execute(
      sql`select isrc, streams from daily_stream_facts where release_id = ${album} order by isrc`,
    );
    expect(
      (facts as unknown as { rows: { isrc: string; streams: number }[] }).rows.map((r) => [r.isrc, Number(r.streams)]),
    ).toEqual([
      ["INABC2690001", 70],
      ["INABC2690002", 30],
    ]);
    // The analytics Tracks tab names each track.
    const analytics = await trackArtist.client.get("/api/analytics?from=2026-09-01&to=2026-09-30");
    expect(analytics.body.tracks.map((t: { title: string; streams: number }) => [t.title, t.streams])).toEqual([
      ["Tracked", 70],
      ["Second", 30],
    ]);
  });

  it("is for admins only", async () => {
    expect((await upload(server.client(), "x.csv", HEADER)).status).toBe(401);
    expect((await upload(artist.client, "x.csv", HEADER)).status).toBe(403);
    expect((await artist.client.get("/api/admin/reports")).status).toBe(403);
  });

  it("imports good rows, reports bad and unknown ones by line, and computes every figure from them", async () => {
    const csv = [
      HEADER,
      "2026-10-01,Spotify,IN,036000291452,,1000,400,40.00,INR",
      "2026-10-01,JioSaavn,IN,036000291452,,500,200,10.50,INR",
      "2026-10-02,Spotify,US,036000291452,,250,100,25.00,INR",
      "2026-10-03,Spotify,IN,012345678905,,99,9,1.00,INR",
      "2026-10-03,Spotify,IN,036000291452,,10,5,1.00,USD",
      "not-a-date,Spotify,IN,036000291452,,1,1,1,INR",
      "2026-11-05,Spotify,IN,036000291452,,100,50,20.00,INR",
    ].join("\n");
    const queued = await upload(admin, "october.csv", csv);
    expect(queued.status).toBe(202);
    const report = await waitForReport(admin, queued.body.report.id);
    expect(report).toMatchObject({ status: "completed", processedRows: 7, importedRows: 4, errorRows: 3 });
    expect(report.errors).toEqual([
      { line: 5, reason: "upc 012345678905 matches no release" },
      { line: 6, reason: 'currency "USD" is not INR; convert the report to INR before importing' },
      { line: 7, reason: 'date "not-a-date" is not a YYYY-MM-DD date' },
    ]);

    // Streams on the release are the sum of imported streams.
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(1850);
    // Royalties: October ₹75.50 and November ₹20.00 of store revenue at the Basic Artist share of 80%.
    const royalties = await artist.client.get("/api/royalties");
    expect(royalties.body.monthly).toEqual([
      { month: "2026-10-01", grossPaise: 7550, sharePercent: 80, netPaise: 6040 },
      { month: "2026-11-01", grossPaise: 2000, sharePercent: 80, netPaise: 1600 },
    ]);
    expect(royalties.body).toMatchObject({
      totalEarningsPaise: 7640,
      pendingPaymentPaise: 7640,
      availablePaise: 7640,
      canRequestPayout: false,
      lastPayment: null,
    });
    expect(royalties.body.platforms.map((p: { store: string }) => p.store)).toEqual(["Spotify", "JioSaavn"]);

    const analytics = await artist.client.get("/api/analytics?from=2026-10-01&to=2026-10-31");
    expect(analytics.body.totals).toEqual({ streams: 1750, listeners: 700, royaltiesPaise: 6040 });
    expect(analytics.body.series).toHaveLength(31);
    expect(analytics.body.series[0]).toEqual({ day: "2026-10-01", streams: 1500, listeners: 600 });
    // Royalties by month, from the ledger, as the royalties page says.
    expect(analytics.body.months).toEqual([{ month: "2026-10-01", royaltiesPaise: 6040 }]);
    expect(analytics.body.stores.map((s: { name: string; streams: number }) => [s.name, s.streams])).toEqual([
      ["Spotify", 1250],
      ["JioSaavn", 500],
    ]);
    expect(analytics.body.countries.map((s: { code: string; streams: number }) => [s.code, s.streams])).toEqual([
      ["IN", 1500],
      ["US", 250],
    ]);
    // Another artist sees none of it.
    const other = await createArtist(server);
    expect((await other.client.get("/api/analytics?from=2026-10-01&to=2026-10-31")).body.totals.streams).toBe(0);
  });

  it("reads a well-formed file in the database and a ragged one in the server, to the same rows, errors and lines (decision 046)", async () => {
    const rows = [
      HEADER,
      "2026-08-01,Spotify,IN,036000291452,,100,40,4.00,INR",
      // A store's name with a line break in it: the rows after it end a line further down.
      '2026-08-01,"Store\nTwo",IN,036000291452,,10,4,0.50,INR',
      // Taken by the checks as they stand, once per distinct value: a lower-case country.
      "2026-08-02,Spotify,in,036000291452,,20,8,0.805,INR",
      // Left to the server's checks, which take it: figures with spaces around them.
      "2026-08-02,JioSaavn,IN,036000291452,, 30 , 9 , 1.25 ,INR",
      "2026-02-30,Spotify,IN,036000291452,,1,1,1.00,INR",
      "2026-08-03,Spotify,IN,012345678905,,1,1,1.00,INR",
      '2026-08-03,Spotify,IN,036000291452,,1,1,"1,20",INR',
    ].join("\n");
    const expected = {
      status: "completed",
      processedRows: 7,
      importedRows: 4,
      errorRows: 3,
      errors: [
        { line: 7, reason: 'date "2026-02-30" is not a YYYY-MM-DD date' },
        { line: 8, reason: "upc 012345678905 matches no release" },
        { line: 9, reason: 'revenue "1,20" is not a decimal amount' },
      ],
    };
    const read = await waitForReport(admin, (await upload(admin, "august.csv", rows)).body.report.id);
    expect(read).toMatchObject({ ...expected, readBy: "database" });
    const release = async () => (await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams;
    expect(await release()).toBe(160);
    const loaded = await releaseFacts();
    expect(loaded).toEqual([
      { store: "Spotify", country: "IN", day: "2026-08-01", streams: 100, listeners: 40, revenue_paise: 400 },
      { store: "Store\nTwo", country: "IN", day: "2026-08-01", streams: 10, listeners: 4, revenue_paise: 50 },
      { store: "JioSaavn", country: "IN", day: "2026-08-02", streams: 30, listeners: 9, revenue_paise: 125 },
      { store: "Spotify", country: "IN", day: "2026-08-02", streams: 20, listeners: 8, revenue_paise: 81 },
    ]);

    // A blank line at the end: COPY cannot read the file as it stands, so the server reads it all, and
    // restates the same days with the same figures.
    const ragged = await waitForReport(admin, (await upload(admin, "august-again.csv", `${rows}\n\n`)).body.report.id);
    expect(ragged).toMatchObject({ ...expected, readBy: "server" });
    expect(await releaseFacts()).toEqual(loaded);
    expect(await release()).toBe(160);
  });

  it("reads a file with no quote line by line itself, and hands a line whose figures are not plain to the row-by-row checks (decision 062)", async () => {
    // Every figure plain, CRLF line breaks, a store named in Devanagari: each line is staged as it
    // stands, its date, store, country, currency and codes checked once for each distinct value.
    const plain = [
      HEADER,
      "2026-09-01,Spotify,IN,036000291452,,100,40,4.00,INR",
      "2026-09-01,गाना,IN,036000291452,,7,3,0.35,INR",
      "2026-09-02,Spotify,in,036000291452,,20,8,0.805,INR",
      "",
    ].join("\r\n");
    const read = await waitForReport(admin, (await upload(admin, "september.csv", plain)).body.report.id);
    expect(read).toMatchObject({
      status: "completed",
      readBy: "server",
      processedRows: 3,
      importedRows: 3,
      errorRows: 0,
    });
    expect(await releaseFacts()).toEqual([
      { store: "Spotify", country: "IN", day: "2026-09-01", streams: 100, listeners: 40, revenue_paise: 400 },
      { store: "गाना", country: "IN", day: "2026-09-01", streams: 7, listeners: 3, revenue_paise: 35 },
      { store: "Spotify", country: "IN", day: "2026-09-02", streams: 20, listeners: 8, revenue_paise: 81 },
    ]);

    // A line's figures with spaces around them, and one that is no amount: those two are checked as the
    // server checks every row, which takes the first and lists the second with its line.
    const mixed = [
      HEADER,
      "2026-09-03,Spotify,IN,036000291452,,10,4,0.50,INR",
      "2026-09-03,JioSaavn,IN,036000291452,, 30 , 9 , 1.25 ,INR",
      "2026-09-04,Spotify,IN,036000291452,,1,1,1.2.3,INR",
    ].join("\n");
    const checked = await waitForReport(admin, (await upload(admin, "september-2.csv", mixed)).body.report.id);
    expect(checked).toMatchObject({
      status: "completed",
      readBy: "server",
      processedRows: 3,
      importedRows: 2,
      errorRows: 1,
      errors: [{ line: 4, reason: 'revenue "1.2.3" is not a decimal amount' }],
    });
    expect((await releaseFacts()).filter((f) => f.day === "2026-09-03")).toEqual([
      { store: "JioSaavn", country: "IN", day: "2026-09-03", streams: 30, listeners: 9, revenue_paise: 125 },
      { store: "Spotify", country: "IN", day: "2026-09-03", streams: 10, listeners: 4, revenue_paise: 50 },
    ]);
  });

  it("writes each month's facts into that month's partition, moving earlier facts of the month out of the default one", async () => {
    const db = server.database.db;
    // A fact written directly for a month with no partition yet lands in the default partition. (No
    // other test writes 2031: a database reused between tests keeps the partitions made before.)
    await db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, revenue_paise)
      values (${releaseId}, 'Gaana', 'IN', '2031-03-05', 7, 100)`);
    const where = () =>
      rows<{ partition: string; day: string; streams: number }>(
        sql`select tableoid::regclass::text as partition, to_char(day, 'YYYY-MM-DD') as day, streams::int as streams
            from daily_stream_facts where release_id = ${releaseId} order by day, store`,
      );
    expect(await where()).toEqual([{ partition: "daily_stream_facts_default", day: "2031-03-05", streams: 7 }]);
    const totals = () =>
      rows<{ streams: number }>(sql`select streams::int as streams from owner_daily_totals where day = '2031-03-05'`);
    expect(await totals()).toEqual([{ streams: 7 }]);

    const queued = await upload(
      admin,
      "march-april.csv",
      [
        HEADER,
        "2031-03-06,Spotify,IN,036000291452,,10,5,1.00,INR",
        "2031-04-01,Spotify,IN,036000291452,,20,5,2.00,INR",
      ].join("\n"),
    );
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({ status: "completed", importedRows: 2 });
    expect(await where()).toEqual([
      { partition: "daily_stream_facts_2031_03", day: "2031-03-05", streams: 7 },
      { partition: "daily_stream_facts_2031_03", day: "2031-03-06", streams: 10 },
      { partition: "daily_stream_facts_2031_04", day: "2031-04-01", streams: 20 },
    ]);
    // Moving a fact between partitions is not a change of figures: the rollups and the release's count stand.
    expect(await totals()).toEqual([{ streams: 7 }]);
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(37);

    // As with the foreign key it replaces, a release with facts cannot be deleted, and one without can.
    const refused = await db.execute(sql`delete from releases where id = ${releaseId}`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(JSON.stringify(refused, Object.getOwnPropertyNames(refused))).toMatch(
      /23503|stream facts cannot be deleted/,
    );
    expect(await where()).toHaveLength(3);
    const [{ id: bare } = { id: "" }] = await rows<{ id: string }>(
      sql`insert into releases (user_id, title, artist_name, release_type, release_date, status)
          values (${artist.id}, 'Bare', 'Imported Artist', 'single', '2027-01-01', 'pending_review') returning id`,
    );
    await db.execute(sql`delete from releases where id = ${bare}`);
    expect(await rows(sql`select 1 from releases where id = ${bare}`)).toEqual([]);
  });

  it("gives a month's first report the month's partition whole: indexed, rolled up, and a key twice is summed (decision 044)", async () => {
    // 2032 is no other test's: its months have no partition yet.
    const queued = await upload(
      admin,
      "fresh-months.csv",
      [
        HEADER,
        "2032-01-05,Spotify,IN,036000291452,,10,5,1.00,INR",
        "2032-01-05,Spotify,IN,036000291452,,4,2,0.50,INR",
        "2032-01-06,Gaana,US,036000291452,,3,1,0.25,INR",
        "2032-02-01,Spotify,IN,036000291452,,20,5,2.00,INR",
      ].join("\n"),
    );
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({ status: "completed", importedRows: 4 });
    expect(
      await rows(sql`select tableoid::regclass::text as partition, to_char(day, 'YYYY-MM-DD') as day, store,
          streams::int as streams, revenue_paise::int as paise, owner_id = ${artist.id} as owned
        from daily_stream_facts where release_id = ${releaseId} and day >= '2032-01-01' order by day, store`),
    ).toEqual([
      {
        partition: "daily_stream_facts_2032_01",
        day: "2032-01-05",
        store: "Spotify",
        streams: 14,
        paise: 150,
        owned: true,
      },
      {
        partition: "daily_stream_facts_2032_01",
        day: "2032-01-06",
        store: "Gaana",
        streams: 3,
        paise: 25,
        owned: true,
      },
      {
        partition: "daily_stream_facts_2032_02",
        day: "2032-02-01",
        store: "Spotify",
        streams: 20,
        paise: 200,
        owned: true,
      },
    ]);
    // Attached with the parent's key, so a restatement of the month finds its keys. The key also serves
    // a release's reads (no index of its own on (release, day), migration 0075) and an artist's, through
    // their releases (no index by owner, decision 058).
    const indexes = await rows<{ columns: string }>(
      sql`select regexp_replace(indexdef, '^.*USING btree ', '') as columns from pg_indexes
        where tablename = 'daily_stream_facts_2032_01' order by 1`,
    );
    expect(indexes.map((i) => i.columns)).toEqual(["(release_id, isrc, store, country, day)"]);
    // The rollups the facts' triggers keep were added from the new partitions.
    expect(
      await rows(sql`select to_char(day, 'YYYY-MM-DD') as day, streams::int as streams from owner_daily_totals
        where owner_id = ${artist.id} and day >= '2032-01-01' order by day`),
    ).toEqual([
      { day: "2032-01-05", streams: 14 },
      { day: "2032-01-06", streams: 3 },
      { day: "2032-02-01", streams: 20 },
    ]);
    expect(
      await rows(
        sql`select country, streams::int as streams from owner_country_totals where owner_id = ${artist.id} order by country`,
      ),
    ).toEqual([
      { country: "IN", streams: 34 },
      { country: "US", streams: 3 },
    ]);
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(37);
    // A later report restating a day of the month goes through the key.
    const restated = await upload(
      admin,
      "fresh-restated.csv",
      [HEADER, "2032-01-05,Spotify,IN,036000291452,,9,5,1.00,INR"].join("\n"),
    );
    expect(await waitForReport(admin, restated.body.report.id)).toMatchObject({ status: "completed", importedRows: 1 });
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(32);
  });

  it("hands a one-month report's own table over as the month's partition, summing a key given twice, and leaves no table behind", async () => {
    const queued = await upload(
      admin,
      "one-month.csv",
      [
        HEADER,
        "2033-05-05,Spotify,IN,036000291452,,10,5,1.00,INR",
        "2033-05-05,Spotify,IN,036000291452,,4,2,0.50,INR",
        "2033-05-09,Spotify,IN,036000291452,,1,1,0.10,INR",
      ].join("\n"),
    );
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({ status: "completed", importedRows: 3 });
    expect(
      await rows(sql`select tableoid::regclass::text as partition, streams::int as streams from daily_stream_facts
        where release_id = ${releaseId} and day >= '2033-05-01' order by day`),
    ).toEqual([
      { partition: "daily_stream_facts_2033_05", streams: 14 },
      { partition: "daily_stream_facts_2033_05", streams: 1 },
    ]);
    const own = `store_report_load_${(queued.body.report.id as string).replaceAll("-", "")}`;
    expect(await rows(sql`select tablename from pg_tables where tablename = ${own}`)).toEqual([]);
  });

  it("reads a report of two months line by line, its load checking the first month's bounds until the second comes", async () => {
    // More rows than a batch: the first batch's one month is checked by the load itself, and the check
    // goes when a row of the next month comes.
    const lines = Array.from({ length: 12_001 }, (_, i) =>
      i < 12_000
        ? `2036-01-0${1 + (i % 5)},Store ${Math.floor(i / 5)},IN,036000291452,,2,1,0.10,INR`
        : "2036-02-01,Spotify,IN,036000291452,,5,1,0.50,INR",
    );
    const queued = await upload(admin, "two-months.csv", [HEADER, ...lines].join("\n"));
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({
      status: "completed",
      readBy: "server",
      processedRows: 12_001,
      importedRows: 12_001,
      errorRows: 0,
    });
    expect(
      await rows(sql`select tableoid::regclass::text as partition, count(*)::int as facts, sum(streams)::int as streams
        from daily_stream_facts where release_id = ${releaseId} and day >= '2036-01-01' group by 1 order by 1`),
    ).toEqual([
      { partition: "daily_stream_facts_2036_01", facts: 12_000, streams: 24_000 },
      { partition: "daily_stream_facts_2036_02", facts: 1, streams: 5 },
    ]);
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(24_005);
  });

  it("reads a file another way from the start when a line past the first batches is one csv-parse reads otherwise", async () => {
    // Over a megabyte of plain lines (two batches staged and loaded), then a CR inside a cell: csv-parse
    // keeps it in the cell but counts a line, so the file is read again by the row-by-row checks, and
    // none of the rows the first reading loaded stays twice.
    const lines = Array.from(
      { length: 25_000 },
      (_, i) => `2037-03-0${1 + (i % 9)},Store ${Math.floor(i / 9)},IN,036000291452,,1,1,0.01,INR`,
    );
    lines.push("2037-03-01,Spot\rify,IN,036000291452,,7,1,0.07,INR");
    const queued = await upload(admin, "late-cr.csv", [HEADER, ...lines].join("\n"));
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({
      status: "completed",
      readBy: "server",
      processedRows: 25_001,
      importedRows: 25_001,
      errorRows: 0,
    });
    expect(
      await rows(sql`select count(*)::int as facts, sum(streams)::int as streams from daily_stream_facts
        where release_id = ${releaseId} and day >= '2037-03-01' and day < '2037-04-01'`),
    ).toEqual([{ facts: 25_001, streams: 25_007 }]);
  });

  it("gives a month handed over whole its statistics as the early-warning scan starts to read it", async () => {
    const queued = await upload(
      admin,
      "analyzed.csv",
      [
        HEADER,
        "2035-03-01,Spotify,IN,036000291452,,10,5,1.00,INR",
        "2035-03-02,Gaana,IN,036000291452,,4,2,0.50,INR",
        "2035-03-03,Spotify,US,036000291452,,1,1,0.10,INR",
      ].join("\n"),
    );
    expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({ status: "completed", importedRows: 3 });
    // The load itself became the partition (no key twice); the early-warning scan, which reads the month
    // next, gathers its statistics first (decision 062): the planner then knows its rows.
    for (let i = 0; i < 100; i++) {
      const [scan] = await rows<{ status: string }>(
        sql`select status from jobs where kind = 'stream-warnings' and ref = ${queued.body.report.id}`,
      );
      if (scan?.status === "done") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      await rows(sql`select c.reltuples >= 0 as analyzed, (select count(*)::int from pg_stats s
          where s.tablename = c.relname and s.attname = 'store') as stats
        from pg_class c where c.relname = 'daily_stream_facts_2035_03'`),
    ).toEqual([{ analyzed: true, stats: 1 }]);
  });

  it("keeps the pages of the totals a report adds to half full, so each row's new version stays on its page", async () => {
    const db = server.database.db;
    const options = (
      (await db.execute(sql`select relname, reloptions from pg_class
      where relname in ('owner_store_totals', 'owner_country_totals', 'release_streams') order by relname`)) as unknown as {
        rows: { relname: string; reloptions: string[] | null }[];
      }
    ).rows;
    expect(options).toEqual([
      { relname: "owner_country_totals", reloptions: ["fillfactor=50"] },
      { relname: "owner_store_totals", reloptions: ["fillfactor=50"] },
      { relname: "release_streams", reloptions: ["fillfactor=50"] },
    ]);
  });

  it("gives each staged row its release's owner as the facts are written, and drops rows of a release deleted meanwhile", async () => {
    const db = server.database.db;
    const other = await createArtist(server, "New Owner");
    const [{ id: bare } = { id: "" }] = (
      (await db.execute(sql`insert into releases (user_id, title, artist_name, release_type, release_date, status)
        values (${artist.id}, 'Bare', 'Imported Artist', 'single', '2027-01-01', 'pending_review') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const load = "store_report_load_test";
    await db.execute(
      sql`create table ${sql.identifier(load)} (like daily_stream_facts including defaults including constraints)`,
    );
    await db.execute(sql`insert into ${sql.identifier(load)} (release_id, owner_id, store, country, day, streams)
      values (${releaseId}, ${artist.id}, 'Spotify', 'IN', '2034-01-01', 1), (${releaseId}, ${artist.id}, 'Gaana', 'IN', '2034-01-01', 2),
             (${bare}, ${artist.id}, 'Spotify', 'IN', '2034-01-01', 3)`);
    // Since the rows were checked, the release changed hands and the other was deleted.
    await db.execute(sql`update releases set user_id = ${other.id} where id = ${releaseId}`);
    await db.execute(sql`delete from releases where id = ${bare}`);
    const settled = await settleOwners(
      db as unknown as Db,
      load,
      new Map([
        [releaseId, artist.id],
        [bare, artist.id],
      ]),
    );
    // Two releases changed since the rows were checked (so the report is summed again), one row went.
    expect(settled).toEqual({ dropped: 1, changed: 2 });
    expect(
      (
        (await db.execute(
          sql`select release_id, owner_id, streams::int as streams from ${sql.identifier(load)} order by streams`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows,
    ).toEqual([
      { release_id: releaseId, owner_id: other.id, streams: 1 },
      { release_id: releaseId, owner_id: other.id, streams: 2 },
    ]);
    await db.execute(sql`drop table ${sql.identifier(load)}`);
  });

  it("credits a release that changed hands after its rows were summed to its new owner, in the facts, the rollups and the ledger", async () => {
    const db = server.database.db;
    const other = await createArtist(server, "New Owner");
    /** An event trigger of this test's own, on `when` of the commands tagged `tag`, running `body`. */
    const eventTrigger = async (name: string, when: string, tag: string, body: string) => {
      await db.execute(
        sql.raw(`create function ${name}() returns event_trigger language plpgsql as $$ begin ${body} end $$`),
      );
      await db.execute(
        sql.raw(`create event trigger ${name} on ${when} when tag in ('${tag}') execute function ${name}()`),
      );
    };
    // The release changes hands the moment the report's sums are made, before the import's own
    // transaction begins (decision 048): a trigger on that statement makes the race happen every time.
    // DDL takes no parameters: the ids are this test's own.
    await eventTrigger(
      "test_hand_over",
      "ddl_command_end",
      "CREATE TABLE AS",
      `update releases set user_id = '${other.id}' where id = '${releaseId}' and user_id is distinct from '${other.id}';`,
    );
    // The plain entries written beside the import (decision 054) read the sums the import sums again
    // when owners changed: it must wait for them first. Dropping the sums they hold would wait on
    // them; dropping the sums they had not read yet would leave each waiting for the other, unseen by
    // PostgreSQL (an import hung so in CI). Those entries are made slow once they hold the sums, and a
    // drop of the sums while anyone else holds them is refused, which fails the import.
    await eventTrigger(
      "test_slow_entries",
      "ddl_command_end",
      "CREATE TABLE",
      `if exists (select 1 from pg_event_trigger_ddl_commands() where object_identity like '%royalty_entries_report_%') then
        perform pg_sleep(1);
      end if;`,
    );
    await eventTrigger(
      "test_sums_unread",
      "ddl_command_start",
      "DROP TABLE",
      `if current_query() like '%store_report_sums_%' and exists (select 1 from pg_locks l
        join pg_class c on c.oid = l.relation
        where c.relname like 'store_report_sums_%' and l.pid <> pg_backend_pid()) then
        raise exception 'the sums were dropped while the entries beside the import still read them';
      end if;`,
    );
    try {
      const queued = await upload(
        admin,
        "handed-over.csv",
        [
          HEADER,
          "2035-03-02,Spotify,IN,036000291452,,40,4,4.00,INR",
          "2035-03-03,Gaana,IN,036000291452,,2,1,1.00,INR",
        ].join("\n"),
      );
      expect(await waitForReport(admin, queued.body.report.id)).toMatchObject({ status: "completed", importedRows: 2 });
    } finally {
      for (const name of ["test_hand_over", "test_slow_entries", "test_sums_unread"]) {
        await db.execute(sql.raw(`drop event trigger ${name}`));
        await db.execute(sql.raw(`drop function ${name}()`));
      }
    }
    expect(await rows(sql`select user_id from releases where id = ${releaseId}`)).toEqual([{ user_id: other.id }]);
    expect(
      await rows(sql`select owner_id, sum(streams)::int as streams from daily_stream_facts
        where release_id = ${releaseId} and day >= '2035-03-01' group by owner_id`),
    ).toEqual([{ owner_id: other.id, streams: 42 }]);
    // The rollups come from the report's sums: summed again as the rows now stand, they are the new owner's.
    expect(
      await rows(sql`select owner_id, day::text as day, streams::int as streams from owner_daily_totals
        where day >= '2035-03-01' order by day`),
    ).toEqual([
      { owner_id: other.id, day: "2035-03-02", streams: 40 },
      { owner_id: other.id, day: "2035-03-03", streams: 2 },
    ]);
    expect(
      await rows(sql`select owner_id, store, streams::int as streams from owner_store_totals
        where owner_id in (${artist.id}, ${other.id}) order by store`),
    ).toEqual([
      { owner_id: other.id, store: "Gaana", streams: 2 },
      { owner_id: other.id, store: "Spotify", streams: 40 },
    ]);
    // Posted to the new owner at the Basic Artist share: 80% of ₹5.00.
    expect(
      await rows(sql`select user_id, sum(amount_paise)::int as paise from royalty_entries
        where release_id = ${releaseId} and month = '2035-03-01' group by user_id`),
    ).toEqual([{ user_id: other.id, paise: 400 }]);
  });

  it("refuses the same file twice and never double counts a restated day", async () => {
    const csv = `${HEADER}\n2026-12-01,Spotify,IN,036000291452,,100,10,1.00,INR\n`;
    const first = await upload(admin, "dec.csv", csv);
    await waitForReport(admin, first.body.report.id);
    const again = await upload(admin, "dec-copy.csv", csv);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ALREADY_IMPORTED");
    // A corrected report for the same day replaces the figure rather than adding to it.
    const restated = await upload(
      admin,
      "dec-restated.csv",
      `${HEADER}\n2026-12-01,Spotify,IN,036000291452,,120,12,1.20,INR\n`,
    );
    await waitForReport(admin, restated.body.report.id);
    const dec = await artist.client.get("/api/analytics?from=2026-12-01&to=2026-12-01");
    expect(dec.body.totals.streams).toBe(120);
    // The release's count follows the facts however they change: restated, then removed.
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(120);
    await server.database.db.execute(sql`delete from daily_stream_facts where release_id = ${releaseId}`);
    expect((await artist.client.get(`/api/releases/${releaseId}`)).body.release.streams).toBe(0);
  });

  it("fails a report with missing columns as a whole, importing nothing", async () => {
    const before = await server.database.db.execute(sql`select count(*)::int as n from daily_stream_facts`);
    const bad = await upload(admin, "bad.csv", "date,store,streams\n2026-10-01,Spotify,5\n");
    const report = await waitForReport(admin, bad.body.report.id);
    expect(report.status).toBe("failed");
    expect(report.failure).toMatch(/missing the columns country, upc, isrc, listeners, revenue, currency/);
    const after = await server.database.db.execute(sql`select count(*)::int as n from daily_stream_facts`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
    expect((await upload(admin, "empty.csv", "")).status).toBe(400);
  });

  it("echoes a refused cell as a short excerpt, and fails a report with a giant cell without holding it", async () => {
    const long = "9".repeat(5000);
    const queued = await upload(admin, "long-cell.csv", `${HEADER}\n${long},Spotify,IN,036000291452,,1,1,1.00,INR\n`);
    const report = await waitForReport(admin, queued.body.report.id);
    expect(report.status).toBe("completed");
    const reason = report.errors[0].reason as string;
    expect(reason.length).toBeLessThan(100);
    expect(reason).toBe(`date "${"9".repeat(40)}…" is not a YYYY-MM-DD date`);

    // 5 MB in one cell: refused as a whole with a short message.
    const giant = await upload(
      admin,
      "giant-cell.csv",
      `${HEADER}\n2026-10-01,${"x".repeat(5_000_000)},IN,036000291452,,1,1,1.00,INR\n`,
    );
    const failed = await waitForReport(admin, giant.body.report.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure).toMatch(/longer than 64 KB/);
    const detail = await admin.get(`/api/admin/reports/${giant.body.report.id}`);
    expect(detail.text.length).toBeLessThan(2000);
  });

  it("an import whose worker died is taken over when its lease ends and starts again from a clean slate", async () => {
    const queued = await upload(
      admin,
      "interrupted.csv",
      `${HEADER}\n2026-08-01,Spotify,IN,036000291452,,7,1,0.70,INR\n`,
    );
    const id = queued.body.report.id as string;
    await waitForReport(admin, id);
    // As a dead worker would leave it: running, half staged, its job's lease run out.
    const db = server.database.db;
    await db.execute(sql`update store_reports set status = 'running', processed_rows = 1 where id = ${id}`);
    const load = sql.identifier(`store_report_load_${id.replaceAll("-", "")}`);
    await db.execute(sql`create table ${load} (like daily_stream_facts including defaults including constraints)`);
    await db.execute(sql`insert into ${load} (release_id, isrc, store, country, day, streams, listeners, revenue_paise)
      values (${releaseId}, '', 'Ghost', 'IN', '2026-08-01', 999, 1, 1)`);
    await db.execute(
      sql`update jobs set status = 'running', locked_until = now() - interval '1 second' where kind = 'store-report' and ref = ${id}`,
    );
    server.jobs.kick();
    const report = await waitForReport(admin, id);
    expect(report).toMatchObject({ status: "completed", processedRows: 1, importedRows: 1 });
    const ghost = await db.execute(sql`select count(*)::int as n from daily_stream_facts where store = 'Ghost'`);
    expect((ghost as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("streams a large generated file (200,000 rows) through the import", async () => {
    const rows = 200_000;
    let i = 0;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i === 0) controller.enqueue(encoder.encode(`${HEADER}\n`));
        if (i >= rows) return controller.close();
        let chunk = "";
        // A year of days by 400 stores: more combinations of date, store, country and currency than
        // the import lists (100,000), so its checked load looks each of them up alone (decision 058).
        for (let k = 0; k < 5000 && i < rows; k++, i++) {
          const d = addDays("2025-01-01", i % 365);
          chunk += `${d},Store${Math.floor(i / 365) % 400},IN,036000291452,,1,1,0.01,INR\n`;
        }
        controller.enqueue(encoder.encode(chunk));
      },
    });
    const queued = await upload(admin, "big.csv", stream);
    expect(queued.status).toBe(202);
    const report = await waitForReport(admin, queued.body.report.id);
    expect(report).toMatchObject({ status: "completed", processedRows: rows, errorRows: 0 });
    const year = await artist.client.get("/api/analytics?from=2025-01-01&to=2025-12-31");
    expect(year.body.totals.streams).toBe(rows);
  }, 240_000);

  // Decision 054: a report that brings a month no facts had writes its plain tracks' ledger entries into
  // a table of their own beside the import's transaction (on another connection on PostgreSQL, before
  // the transaction on PGlite), and the transaction makes that table part of the ledger only if what
  // the entries were computed from still stands. Each test uses a month of its own: a reused test
  // database keeps the partitions earlier tests made.
  describe("a fresh month's plain entries, written beside the import", () => {
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
});

describe("payouts", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("become requestable at ₹500 and an admin completes them with a reference", async () => {
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const artist = await createArtist(server, "Paid Artist");
    await createLiveRelease(server, admin, artist.client, { upcEan: "4006381333931" });
    // ₹624 of revenue at 80% is ₹499.20: just under the minimum.
    const q1 = await upload(admin, "p1.csv", `${HEADER}\n2026-09-01,Spotify,IN,4006381333931,,10,1,624.00,INR\n`);
    await waitForReport(admin, q1.body.report.id);
    expect((await artist.client.get("/api/royalties")).body).toMatchObject({
      availablePaise: 49_920,
      canRequestPayout: false,
    });
    expect((await artist.client.post("/api/royalties/payouts")).status).toBe(409);

    const q2 = await upload(admin, "p2.csv", `${HEADER}\n2026-09-02,Spotify,IN,4006381333931,,10,1,1.00,INR\n`);
    await waitForReport(admin, q2.body.report.id);
    const noAccount = await artist.client.post("/api/royalties/payouts");
    expect(noAccount.body.error.code).toBe("NO_PAYOUT_ACCOUNT");
    await artist.client.request("PUT", "/api/payee-details", paypalPayee("paid@example.com"));
    const [a, b] = await Promise.all([
      artist.client.post("/api/royalties/payouts"),
      artist.client.post("/api/royalties/payouts"),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const after = await artist.client.get("/api/royalties");
    expect(after.body).toMatchObject({ availablePaise: 0, pendingPaymentPaise: 50_000, canRequestPayout: false });
    expect(after.body.payouts).toHaveLength(1);
    expect(after.body.payouts[0]).toMatchObject({ amountPaise: 50_000, status: "pending", method: "paypal" });

    expect((await artist.client.get("/api/admin/payouts")).status).toBe(403);
    const list = await admin.get("/api/admin/payouts");
    const id = list.body.payouts[0].id;
    // Mark Paid shows where to send it: in full to an admin, and each look is in the audit log.
    await artist.client.request("PUT", "/api/payee-details", {
      residence: "abroad",
      legalName: "Paid Artist",
      method: "bankTransfer",
      accountNumber: "123456789012",
      routingNumber: "026009593",
      bankName: "Bank of America",
      taxForm: "w9",
    });
    const audited = async () =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from audit_log where action = 'payout_account.viewed' and subject_id = ${id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    expect((await artist.client.get(`/api/admin/payouts/${id}/account`)).status).toBe(403);
    expect(await audited()).toBe(0);
    const account = await admin.get(`/api/admin/payouts/${id}/account`);
    expect(account.status).toBe(200);
    expect(account.body.account).toMatchObject({
      residence: "abroad",
      method: "bankTransfer",
      legalName: "Paid Artist",
      accountNumber: "123456789012",
      routingNumber: "026009593",
    });
    expect(await audited()).toBe(1);
    expect((await admin.get("/api/admin/payouts/00000000-0000-4000-8000-000000000000/account")).status).toBe(404);
    expect(
      (await admin.post(`/api/admin/payouts/${id}/complete`, { reference: " ", password: TEST_ADMIN.password })).status,
    ).toBe(400);
    // Paying by hand is confirmed with the admin's own password (issue 33): a wrong one changes nothing.
    const wrong = await admin.post(`/api/admin/payouts/${id}/complete`, { reference: "UTR123456", password: "nope" });
    expect(wrong.body.error.code).toBe("INVALID_PASSWORD");
    expect(
      (await admin.post(`/api/admin/payouts/${id}/complete`, { reference: "UTR123456", password: TEST_ADMIN.password }))
        .status,
    ).toBe(200);
    expect(
      (await admin.post(`/api/admin/payouts/${id}/complete`, { reference: "again", password: TEST_ADMIN.password }))
        .status,
    ).toBe(409);
    const paid = await artist.client.get("/api/royalties");
    expect(paid.body).toMatchObject({ pendingPaymentPaise: 0, lastPayment: { amountPaise: 50_000 } });
    expect(paid.body.payouts[0]).toMatchObject({ status: "completed", reference: "UTR123456" });
  });
});
