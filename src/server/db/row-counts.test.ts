import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArtist } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

describe("row counts behind the admin lists' totals", () => {
  let server: TestServer;
  let admin: TestClient;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Every counter row against a fresh count of the table it counts. */
  async function expectCountsMatchTables() {
    const counted = await rows(sql`select scope, bucket, n::int as n from row_counts where n <> 0 order by 1, 2`);
    const actual = await rows(sql`
      select 'support_tickets' as scope, status || ' ' || priority as bucket, count(*)::int as n
        from support_tickets group by 2
      union all select 'users', '', count(*)::int from users having count(*) > 0
      order by 1, 2`);
    expect(counted).toEqual(actual);
  }

  const addTicket = (client: TestClient, subject: string) =>
    client.post("/api/tickets", { subject, description: "Please help with this." });

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("follow tickets and users being added, changed and deleted, and the lists report them", async () => {
    await expectCountsMatchTables();
    const artist = await createArtist(server);
    const other = await createArtist(server);
    for (const subject of ["Payout late", "Artwork rejected"])
      expect((await addTicket(artist.client, subject)).status).toBe(201);
    expect((await addTicket(other.client, "Wrong ISRC")).status).toBe(201);
    await expectCountsMatchTables();

    const tickets = (await admin.get("/api/admin/tickets?status=open")).body;
    expect(tickets.total).toBe(3);
    const [first] = tickets.items;
    // An admin closes one: it moves from the open bucket to the closed one.
    expect(
      (await admin.request("PATCH", `/api/admin/tickets/${first.id}`, { status: "closed", priority: "low" })).status,
    ).toBe(200);
    await expectCountsMatchTables();
    expect((await admin.get("/api/admin/tickets?status=open")).body.total).toBe(2);
    expect((await admin.get("/api/admin/tickets?status=closed&priority=low")).body.total).toBe(1);
    expect((await admin.get("/api/admin/tickets?priority=medium")).body.total).toBe(2);
    expect((await admin.get("/api/admin/tickets")).body.total).toBe(3);

    // Several rows changed by one statement, some to the bucket they were in.
    await server.database.db.execute(sql`update support_tickets set status = 'on_hold'`);
    await expectCountsMatchTables();
    expect((await admin.get("/api/admin/tickets?status=on_hold")).body.total).toBe(3);

    // Deleting a user takes their tickets with them (a cascade), and both counts drop.
    const usersBefore = (await admin.get("/api/admin/users")).body.total;
    expect((await admin.request("DELETE", `/api/admin/users/${artist.id}`)).status).toBe(200);
    await expectCountsMatchTables();
    expect((await admin.get("/api/admin/users")).body.total).toBe(usersBefore - 1);
    expect((await admin.get("/api/admin/tickets")).body.total).toBe(1);
    // A page past the end still tells how many there are.
    const beyond = (await admin.get("/api/admin/tickets?page=5")).body;
    expect(beyond).toMatchObject({ items: [], total: 1 });
  });

  it("stay exact when many tickets are opened and changed at once", async () => {
    const artists = await Promise.all(Array.from({ length: 4 }, () => createArtist(server)));
    await Promise.all(
      artists.flatMap((artist, i) => [
        addTicket(artist.client, `Question ${i}a`),
        addTicket(artist.client, `Question ${i}b`),
      ]),
    );
    const db = server.database.db;
    await Promise.all([
      db.execute(sql`update support_tickets set status = 'in_progress' where subject like '%a'`),
      db.execute(sql`update support_tickets set priority = 'low' where subject like '%b'`),
      db.execute(sql`delete from support_tickets where subject = 'Question 0b'`),
    ]);
    await expectCountsMatchTables();
  });

  it("start again from nothing when a table is emptied at once", async () => {
    await server.database.db.execute(sql`truncate support_tickets cascade`);
    await expectCountsMatchTables();
    expect((await admin.get("/api/admin/tickets")).body.total).toBe(0);
  });
});
