import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayIst } from "#domain/clock";
import { createArtist, createRelease, validRelease } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";

const day = (daysAgo: number) => addDays(todayIst(), -daysAgo);

describe("owner rollups behind the dashboard", () => {
  let server: TestServer;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Every rollup row against the same figures summed from the facts afresh. */
  async function expectRollupsMatchFacts() {
    for (const [table, dimension] of [
      ["owner_daily_totals", "day"],
      ["owner_store_totals", "store"],
      ["owner_country_totals", "country"],
    ] as const) {
      const fromRollup = await rows(
        sql.raw(`select owner_id, ${dimension}::text as k, streams::text, listeners::text, revenue_paise::text
                 from ${table} order by 1, 2`),
      );
      const fromFacts = await rows(
        sql.raw(`select owner_id, ${dimension}::text as k, sum(streams)::text as streams,
                        sum(listeners)::text as listeners, sum(revenue_paise)::text as revenue_paise
                 from daily_stream_facts where owner_id is not null group by 1, 2
                 having sum(streams) <> 0 or sum(listeners) <> 0 or sum(revenue_paise) <> 0 order by 1, 2`),
      );
      expect(fromRollup, table).toEqual(fromFacts);
    }
  }

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("follow inserted, changed and deleted facts and a release changing hands", async () => {
    const artist = await createArtist(server);
    const other = await createArtist(server);
    const release = await createRelease(artist.client);
    const second = await createRelease(artist.client);
    const db = server.database.db;

    await db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise) values
      (${release.id}, 'Spotify', 'IN', ${day(1)}, 200, 50, 10000),
      (${release.id}, 'JioSaavn', 'US', ${day(2)}, 100, 30, 5000),
      (${second.id}, 'Spotify', 'IN', ${day(1)}, 7, 3, 70)`);
    await expectRollupsMatchFacts();
    expect((await artist.client.get("/api/dashboard")).body.stats.totalStreams).toBe(307);

    // A corrected report row, then a withdrawn one: JioSaavn and the US drop out entirely.
    await db.execute(
      sql`update daily_stream_facts set streams = 150 where release_id = ${release.id} and store = 'Spotify'`,
    );
    await db.execute(sql`delete from daily_stream_facts where store = 'JioSaavn'`);
    await expectRollupsMatchFacts();
    let dashboard = (await artist.client.get("/api/dashboard")).body;
    expect(dashboard.stats.totalStreams).toBe(157);
    expect(dashboard.platforms).toEqual([{ name: "Spotify", streams: 157, percent: 100 }]);
    expect(dashboard.countries).toEqual([{ code: "IN", listeners: 53 }]);

    // The second release moves to another artist: its figures go with it.
    await db.execute(sql`update releases set user_id = ${other.id} where id = ${second.id}`);
    await expectRollupsMatchFacts();
    dashboard = (await artist.client.get("/api/dashboard")).body;
    expect(dashboard.stats.totalStreams).toBe(150);
    expect((await other.client.get("/api/dashboard")).body.stats.totalStreams).toBe(7);

    // Facts removed (a release keeps posted facts: they must go first) take their figures with them.
    await db.execute(sql`delete from daily_stream_facts where release_id = ${release.id}`);
    await db.execute(sql`delete from releases where id = ${release.id}`);
    await expectRollupsMatchFacts();
    dashboard = (await artist.client.get("/api/dashboard")).body;
    expect(dashboard.stats).toMatchObject({ totalStreams: 0, totalListeners: 0 });
    expect(dashboard.platforms).toEqual([]);
    expect(dashboard.series.weekly.every((d: { streams: number }) => d.streams === 0)).toBe(true);
  });

  it("stay exact when many imports for one artist run at once", async () => {
    const artist = await createArtist(server);
    const release = (await artist.client.post("/api/releases", validRelease())).body.release;
    const db = server.database.db;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise)
          select ${release.id}, s, c, ${day(i + 1)}::date, 10, 1, 100
          from unnest(array['Spotify','Gaana','Wynk']) s cross join unnest(array['IN','US']) c`),
      ),
    );
    await expectRollupsMatchFacts();
    expect((await artist.client.get("/api/dashboard")).body.stats.totalStreams).toBe(8 * 6 * 10);
  });
});
