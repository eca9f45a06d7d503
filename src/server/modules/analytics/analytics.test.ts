import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArtist, validRelease } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";

const STORES = ["Spotify", "JioSaavn", "Gaana", "Apple Music"];
const COUNTRIES = ["IN", "US", "GB", "AE", "SG"];

describe("analytics API", () => {
  let server: TestServer;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors and bad ranges", async () => {
    expect((await server.client().get("/api/analytics?from=2026-10-01&to=2026-10-31")).status).toBe(401);
    const artist = await createArtist(server);
    for (const range of ["from=2026-10-31&to=2026-10-01", "from=2026-10-01", "from=2020-01-01&to=2026-10-01"]) {
      const res = await artist.client.get(`/api/analytics?${range}`);
      expect(res.status, range).toBe(400);
    }
  });

  it("reports streams as the facts of the artist's own releases add up and royalties as their ledger does, for the range and the one before", async () => {
    const artist = await createArtist(server);
    const stranger = await createArtist(server);
    const first = (await artist.client.post("/api/releases", validRelease({ title: "First" }))).body.release;
    const second = (await artist.client.post("/api/releases", validRelease({ title: "Second" }))).body.release;
    const theirs = (await stranger.client.post("/api/releases", validRelease())).body.release;
    const db = server.database.db;
    await db.execute(sql`insert into tracks (release_id, position, title, isrc) values
      (${first.id}, 11, 'Opening', 'INZZZ2600001'), (${first.id}, 12, 'Closing', 'INZZZ2600002')`);
    // Sixty days of facts over several stores, countries, tracks and both releases, in a fixed pattern
    // with no ties; the stranger's facts fall on the same days.
    await db.execute(sql`insert into daily_stream_facts (release_id, isrc, store, country, day, streams, listeners, revenue_paise)
      select r.id, r.isrc, s.store, c.country, date '2026-09-01' + d,
             1 + ((d * 7 + s.i * 13 + c.i * 17 + r.i * 29) % 97) * (r.i + 1) * (s.i + 1),
             1 + (d + s.i + c.i) % 11, (d * 31 + s.i * 3 + c.i * 5 + r.i * 7) % 500
      from generate_series(0, 59) d
      cross join (select * from unnest(string_to_array(${STORES.join(",")}, ',')) with ordinality as x(store, i)) s
      cross join (select * from unnest(string_to_array(${COUNTRIES.join(",")}, ',')) with ordinality as y(country, i)) c
      cross join (values (${first.id}::uuid, 'INZZZ2600001', 1), (${first.id}::uuid, 'INZZZ2600002', 2),
                         (${second.id}::uuid, '', 3), (${theirs.id}::uuid, '', 4)) as r(id, isrc, i)`);

    // The ledger: the artist's earnings per month, track and store (what statements count), a payout and
    // money held in escrow (neither is earned by this artist), and the stranger's earnings.
    await db.execute(sql`insert into royalty_entries (user_id, kind, amount_paise, month, release_id, isrc, store, country)
      select case when k.kind = 'escrow' then null else ${artist.id} end,
             case when k.kind = 'escrow' then 'earning' else k.kind end,
             (m.i * 1000 + r.i * 100 + s.i * 10 + k.i) * k.factor, m.month, r.id, r.isrc, s.store, 'IN'
      from (values (date '2026-08-01', 1), (date '2026-09-01', 2), (date '2026-10-01', 3), (date '2026-11-01', 4)) m(month, i)
      cross join (values (${first.id}::uuid, 'INZZZ2600001', 1), (${first.id}::uuid, 'INZZZ2600002', 2), (${second.id}::uuid, '', 3)) r(id, isrc, i)
      cross join (values ('Spotify', 1), ('Gaana', 2)) s(store, i)
      cross join (values ('earning', 1, 10), ('recoupment', 2, -1), ('payout', 3, -5), ('escrow', 4, 3)) k(kind, i, factor)`);
    await db.execute(sql`insert into royalty_entries (user_id, kind, amount_paise, month, release_id, isrc, store, country)
      values (${stranger.id}, 'earning', 99999, '2026-10-01', ${theirs.id}, '', 'Spotify', 'IN')`);

    const from = "2026-10-01";
    const to = "2026-10-20";
    const res = await artist.client.get(`/api/analytics?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const body = res.body;
    const earned = async (month: string, key?: string) =>
      Object.fromEntries(
        (
          await rows<{ k: string; paise: string }>(sql`select ${sql.raw(key ?? "''")} as k, sum(amount_paise) as paise
            from royalty_entries where user_id = ${artist.id} and kind in ('earning', 'recoupment') and month = ${month}
            group by 1`)
        ).map((r) => [r.k, Number(r.paise)]),
      );

    type Sums = { streams: string; listeners: string; revenue: string };
    const mine = sql`owner_id = ${artist.id}`;
    const total = async (a: string, b: string) =>
      (
        await rows<Sums>(sql`select coalesce(sum(streams), 0) as streams, coalesce(sum(listeners), 0) as listeners,
          coalesce(sum(revenue_paise), 0) as revenue from daily_stream_facts where ${mine} and day between ${a} and ${b}`)
      )[0] as Sums;
    const now = await total(from, to);
    const before = await total("2026-09-11", "2026-09-30");
    const october = (await earned("2026-10-01"))[""] as number;
    const september = (await earned("2026-09-01"))[""] as number;
    expect(october).toBeGreaterThan(0);
    expect(body.totals).toEqual({
      streams: Number(now.streams),
      listeners: Number(now.listeners),
      royaltiesPaise: october,
    });
    expect(body.previous).toEqual({
      streams: Number(before.streams),
      listeners: Number(before.listeners),
      royaltiesPaise: september,
    });
    expect(body.months).toEqual([{ month: "2026-10-01", royaltiesPaise: october }]);

    const days = await rows<Sums & { day: string }>(sql`select day::text as day, sum(streams) as streams,
      sum(listeners) as listeners, sum(revenue_paise) as revenue from daily_stream_facts
      where ${mine} and day between ${from} and ${to} group by day order by day`);
    expect(body.series).toEqual(
      days.map((d) => ({ day: d.day, streams: Number(d.streams), listeners: Number(d.listeners) })),
    );

    const by = async (key: string) =>
      rows<Sums & { k: string }>(sql`select ${sql.raw(key)} as k, sum(streams) as streams, sum(listeners) as listeners,
        sum(revenue_paise) as revenue from daily_stream_facts where ${mine} and day between ${from} and ${to}
        group by 1 order by sum(streams) desc`);
    const byStore = await earned("2026-10-01", "store");
    expect(body.stores).toEqual(
      (await by("store")).map((s) => ({
        name: s.k,
        streams: Number(s.streams),
        listeners: Number(s.listeners),
        royaltiesPaise: byStore[s.k] ?? 0,
      })),
    );
    expect(body.countries).toEqual(
      (await by("country")).map((s) => ({ code: s.k, streams: Number(s.streams), listeners: Number(s.listeners) })),
    );
    const titles: Record<string, string> = {
      [`${first.id} INZZZ2600001`]: "Opening",
      [`${first.id} INZZZ2600002`]: "Closing",
      [`${second.id} `]: "Second",
    };
    const byTrack = await earned("2026-10-01", "release_id || ' ' || isrc");
    expect(body.tracks).toEqual(
      (await by("release_id || ' ' || isrc")).map((t) => ({
        releaseId: t.k.split(" ")[0],
        title: titles[t.k],
        isrc: t.k.split(" ")[1],
        streams: Number(t.streams),
        listeners: Number(t.listeners),
        royaltiesPaise: byTrack[t.k] ?? 0,
      })),
    );
    expect(body.tracks.reduce((sum: number, t: { royaltiesPaise: number }) => sum + t.royaltiesPaise, 0)).toBe(october);
    expect(body.changes.streams).toBe(
      Math.round(((Number(now.streams) - Number(before.streams)) / Number(before.streams)) * 1000) / 10,
    );
  });

  it("fills days without facts with zeros and has nothing for an artist without releases", async () => {
    const artist = await createArtist(server);
    const res = await artist.client.get("/api/analytics?from=2026-10-01&to=2026-10-07");
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series.every((d: { streams: number }) => d.streams === 0)).toBe(true);
    expect(res.body).toMatchObject({ tracks: [], countries: [], stores: [], totals: { streams: 0 } });
    expect(res.body.changes).toEqual({ streams: null, listeners: null, royalties: null });
  });

  it("lists a single's track once, whether the store reported it by release or by ISRC (issue 33)", async () => {
    const artist = await createArtist(server);
    const single = (
      await artist.client.post(
        "/api/releases",
        validRelease({ title: "Only Song", tracks: [{ title: "Only Song", isrc: "INABC2600007" }] }),
      )
    ).body.release;
    await server.database.db.execute(sql`insert into daily_stream_facts (release_id, isrc, store, country, day, streams, listeners, revenue_paise)
      values (${single.id}, '', 'Spotify', 'IN', '2026-10-02', 100, 10, 1000),
             (${single.id}, 'INABC2600007', 'Spotify', 'IN', '2026-10-03', 50, 5, 500)`);
    const res = await artist.client.get("/api/analytics?from=2026-10-01&to=2026-10-07");
    expect(res.body.tracks).toHaveLength(1);
    expect(res.body.tracks[0]).toMatchObject({ title: "Only Song", isrc: "INABC2600007", streams: 150 });
  });
});
