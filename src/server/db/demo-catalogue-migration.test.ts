import fs from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsUpTo } from "#server/test/migrations";
import { migrationsFolder } from "./client";

/**
 * The demo catalogue as the release before issue 35 made it: `npm run seed:demo` at 366ed29 (schema
 * 0044) into PostgreSQL, three artists on plans with live releases delivered to the stores and a year
 * of store reports imported, dumped with `pg_dump --data-only` (sessions, rate limits and jobs left out).
 */
const FIXTURE = path.join(import.meta.dirname, "fixtures", "demo-catalogue-0044.sql.gz");

/** Loads a pg_dump data-only file: each COPY block from memory, then the sequences. */
async function loadDump(client: PGlite, dump: string) {
  // The rows as they were: no trigger re-derives totals and no foreign key waits on the dump's order.
  await client.exec("set session_replication_role = replica");
  const lines = dump.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const copy = /^COPY (\S+ \([^)]*\)) FROM stdin;$/.exec(line);
    if (copy) {
      const end = lines.indexOf("\\.", i);
      const rows = lines.slice(i + 1, end);
      // Rows a migration put there (the roles) are replaced by the dump's.
      await client.exec(`delete from ${copy[1]?.split(" ")[0]}`);
      if (rows.length) {
        await client.query(`COPY ${copy[1]} FROM '/dev/blob'`, [], { blob: new Blob([`${rows.join("\n")}\n`]) });
      }
      i = end;
    } else if (line.startsWith("SELECT pg_catalog.setval('public.")) {
      await client.exec(line);
    }
  }
  await client.exec("set session_replication_role = origin");
}

/** What each account had, counted and summed, table by table (the columns of schema 0044). */
const TOTALS = `
  select u.email,
    (select count(*) from releases r where r.user_id = u.id)::int as releases,
    (select count(*) from tracks t join releases r on r.id = t.release_id where r.user_id = u.id)::int as tracks,
    (select count(*) from deliveries d join releases r on r.id = d.release_id where r.user_id = u.id)::int as deliveries,
    (select coalesce(sum(net_paise), 0) from royalty_ledger l where l.user_id = u.id)::bigint::text as ledger,
    (select coalesce(sum(amount_paise), 0) from royalty_entries e where e.user_id = u.id)::bigint::text as entries,
    (select coalesce(sum(revenue_paise), 0) || '/' || coalesce(sum(streams), 0)
       from daily_stream_facts f where f.owner_id = u.id) as facts,
    (select coalesce(sum(revenue_paise), 0) || '/' || coalesce(sum(streams), 0)
       from owner_daily_totals o where o.owner_id = u.id) as daily_totals,
    (select coalesce(sum(amount_paise), 0) from payouts p where p.user_id = u.id)::bigint::text as payouts,
    (select coalesce(sum(amount_paise), 0) from payments p where p.user_id = u.id)::bigint::text as payments,
    (select coalesce(sum(total_paise), 0) || '/' || count(*) from invoices i where i.user_id = u.id) as invoices,
    (select count(*) from support_tickets s where s.user_id = u.id)::int as tickets,
    (select count(*) from subscriptions s where s.user_id = u.id)::int as subscriptions,
    (select count(*) from payout_accounts a where a.user_id = u.id)::int as payout_accounts
  from users u order by u.email`;

describe("the demo catalogue of the release before workspaces, migrated (issue 35)", () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => client.close());

  it("keeps every release, track, delivery, ledger sum, payout, invoice and ticket, and gives each artist its workspace and profile", async () => {
    await migrate(drizzle({ client }), { migrationsFolder: await migrationsUpTo("0044_track_version") });
    await loadDump(client, gunzipSync(await fs.readFile(FIXTURE)).toString("utf8"));
    const before = (await client.query<Record<string, unknown>>(TOTALS)).rows;
    // The catalogue is a real one: releases with money on them.
    expect(before.filter((r) => Number(r.releases) > 0)).toHaveLength(3);
    expect(before.some((r) => BigInt(r.ledger as string) > 0n)).toBe(true);
    const reports = (await client.query<{ n: number }>("select count(*)::int as n from store_reports")).rows[0]?.n;
    expect(reports).toBeGreaterThan(0);

    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });

    expect((await client.query(TOTALS)).rows).toEqual(before);
    expect((await client.query("select count(*)::int as n from store_reports")).rows).toEqual([{ n: reports }]);
    // Every account owns its personal workspace.
    const owners = await client.query<{ email: string }>(
      `select u.email from users u join workspace_members m on m.workspace_id = u.id and m.user_id = u.id
       where m.role = 'owner' order by u.email`,
    );
    expect(owners.rows.map((r) => r.email)).toEqual(before.map((r) => r.email));
    // Each artist's name is now its profile, credited on every one of its releases.
    const profiles = await client.query(
      `select u.email, a.name, count(ra.release_id)::int as releases
       from artist_profiles a join users u on u.id = a.workspace_id
       left join release_artists ra on ra.artist_id = a.id
       group by u.email, a.name order by u.email`,
    );
    expect(profiles.rows).toEqual([
      { email: "asha@demo.kalrav.local", name: "Asha Rao", releases: 2 },
      { email: "hooghly@demo.kalrav.local", name: "The Hooghly Collective", releases: 1 },
      { email: "kabir@demo.kalrav.local", name: "Kabir Sen", releases: 3 },
    ]);
  }, 120_000);
});
