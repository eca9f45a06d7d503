import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/db/client";
import { createTestDatabase } from "#server/test/test-database";
import { createReadCache, type ReadCache, WATCHED_TABLES } from "./read-cache";

/** Waits until `check` holds: a notification reaches a PostgreSQL listener a moment after the commit. */
async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the read cache (issue 36, decision 040)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let cache: ReadCache;
  let computed: number;
  const db = () => database.database.db;
  /** A read of the tickets' count, counting how often it is really computed. */
  const ticketCount = () =>
    cache.json("tickets", ["support_tickets"], async () => {
      computed += 1;
      const rows = (await db().execute(sql`select count(*)::int as n from support_tickets`)) as unknown as {
        rows: { n: number }[];
      };
      return rows.rows[0]?.n;
    });
  const addTicket = async () => {
    await db().execute(
      sql`insert into users (id, name, email) values (gen_random_uuid()::text, 'A', gen_random_uuid()::text || '@example.com')`,
    );
    await db().execute(
      sql`insert into support_tickets (user_id, subject, description) select id, 'Help', 'Please' from users limit 1`,
    );
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    cache = await createReadCache(database.database);
    computed = 0;
  });
  afterEach(async () => {
    await cache.close();
    await database.dispose();
  });

  it("answers again from memory while nothing it reads changes, and afresh once a table it reads does", async () => {
    expect(await ticketCount()).toBe("0");
    expect(await ticketCount()).toBe("0");
    expect(computed).toBe(1);
    // A change to a table the read does not list keeps it.
    await db().execute(sql`insert into users (id, name, email) values ('u-1', 'B', 'b@example.com')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ticketCount()).toBe("0");
    expect(computed).toBe(1);
    await addTicket();
    await eventually(async () => (await ticketCount()) === "1");
    expect(computed).toBe(2);
  });

  it("never keeps an answer read before a change it heard of only later", async () => {
    // A kept answer shows when the change below has been heard of.
    expect(await ticketCount()).toBe("0");
    // The read takes its snapshot, then a ticket is added and heard of while the read is still running.
    let release: () => void = () => {};
    const running = cache.json("slow", ["support_tickets"], async () => {
      const rows = (await db().execute(sql`select count(*)::int as n from support_tickets`)) as unknown as {
        rows: { n: number }[];
      };
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return rows.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await addTicket();
    // Heard once the kept count is forgotten and read afresh.
    await eventually(async () => (await ticketCount()) === "1");
    release();
    expect(await running).toBe("0");
    // The stale answer was not kept: the same key computes again and sees the ticket.
    let again = 0;
    const fresh = await cache.json("slow", ["support_tickets"], async () => {
      again += 1;
      return 1;
    });
    expect(again).toBe(1);
    expect(fresh).toBe("1");
  });

  it("computes a burst of the same read once, and a read begun after a change afresh", async () => {
    const releases: (() => void)[] = [];
    let runs = 0;
    const slow = () =>
      cache.json("burst", ["support_tickets"], async () => {
        runs += 1;
        const run = runs;
        await new Promise<void>((resolve) => {
          releases.push(resolve);
        });
        return run;
      });
    const burst = [slow(), slow(), slow()];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
    // This process writes: a read begun now must see its write, so it does not share the one running.
    cache.clear();
    const after = slow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(2);
    for (const release of releases) release();
    expect(await Promise.all(burst)).toEqual(["1", "1", "1"]);
    expect(await after).toBe("2");
  });

  it("forgets everything when this process says it wrote", async () => {
    await ticketCount();
    cache.clear();
    await ticketCount();
    expect(computed).toBe(2);
  });

  it("keeps nothing from a transaction that rolled back from forgetting", async () => {
    await ticketCount();
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`delete from support_tickets`);
        throw new Error("roll back");
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ticketCount();
    expect(computed).toBe(1);
  });

  it("every watched table tells of its changes, and the migration watches exactly those", async () => {
    const rows = (await db().execute(
      sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = c.relname || '_notify_changed' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.rows.map((r) => r.name)).toEqual([...WATCHED_TABLES].sort());
    expect(fs.readdirSync(migrationsFolder()).some((f) => f.startsWith("0060_read_notifications"))).toBe(true);
  });
});
