import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

describe("admin lists at scale", () => {
  let server: TestServer;
  let admin: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    // 10,000 releases: every 10th is live, every 100th has "Needle" in its title; submitted one minute apart.
    await server.database.db.execute(sql`
      insert into releases (title, artist_name, release_type, release_date, status, submitted_at, upc_ean)
      select
        case when i % 100 = 0 then 'Needle ' || i else 'Release ' || i end,
        'Artist ' || (i % 50),
        'single',
        date '2026-01-01' + (i % 300),
        case when i % 10 = 0 then 'live' else 'pending_review' end,
        timestamptz '2026-01-01 00:00:00+00' + i * interval '1 minute',
        lpad(i::text, 12, '0')
      from generate_series(1, 10000) as i`);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("pages newest first with the right total", async () => {
    const first = await admin.get("/api/admin/releases?page=1&pageSize=50");
    expect(first.body.total).toBe(10_000);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].title).toBe("Needle 10000");
    expect(first.body.items[1].title).toBe("Release 9999");
    const last = await admin.get("/api/admin/releases?page=200&pageSize=50");
    expect(last.body.items.at(-1).title).toBe("Release 1");
    const beyond = await admin.get("/api/admin/releases?page=201&pageSize=50");
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.total).toBe(10_000);
  });

  it("searches and filters on the server", async () => {
    const needles = await admin.get("/api/admin/releases?q=needle&pageSize=100");
    expect(needles.body.total).toBe(100);
    expect(needles.body.items.every((r: { title: string }) => r.title.startsWith("Needle"))).toBe(true);
    const live = await admin.get("/api/admin/releases?status=live&page=3&pageSize=20");
    expect(live.body.total).toBe(1000);
    // Live releases are i = 10, 20, ...; newest first, page 3 starts at the 41st: i = 10000 - 40*10.
    expect(live.body.items[0].title).toBe("Needle 9600");
    expect(live.body.items[1].title).toBe("Release 9590");
    const byUpc = await admin.get("/api/admin/releases?q=000000004242");
    expect(byUpc.body.items.map((r: { title: string }) => r.title)).toEqual(["Release 4242"]);
  });
});
