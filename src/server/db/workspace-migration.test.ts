import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsUpTo } from "#server/test/migrations";
import { migrationsFolder } from "./client";

/** What an account had, counted and summed, table by table. */
const TOTALS = `
  select u.id,
    (select count(*) from releases r where r.user_id = u.id)::int as releases,
    (select count(*) from tracks t join releases r on r.id = t.release_id where r.user_id = u.id)::int as tracks,
    (select coalesce(sum(net_paise), 0) from royalty_ledger l where l.user_id = u.id)::bigint::text as ledger,
    (select coalesce(sum(amount_paise), 0) from payouts p where p.user_id = u.id)::bigint::text as payouts,
    (select coalesce(sum(amount_paise), 0) from payments p where p.user_id = u.id)::bigint::text as payments,
    (select count(*) from support_tickets s where s.user_id = u.id)::int as tickets,
    (select count(*) from support_ticket_messages m join support_tickets s on s.id = m.ticket_id
       where s.user_id = u.id)::int as messages,
    (select count(*) from subscriptions s where s.user_id = u.id)::int as subscriptions
  from users u order by u.id`;

describe("migrations 0045–0047: workspaces, one audit log, artist profiles (issue 35)", () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => client.close());

  it("give every account a workspace holding all it had, turn its artist names into profiles, and keep every sum", async () => {
    await migrate(drizzle({ client }), { migrationsFolder: await migrationsUpTo("0044_track_version") });
    // A catalogue as the previous release kept it: a label with two artists (one typed two ways) and a
    // compilation, a solo artist, an admin; earnings, payouts, payments, tickets, plans, an admin's audit entry.
    await client.exec(`
      insert into users (id, name, email, role) values
        ('label', 'Rang Records', 'label@x.test', 'artist'),
        ('solo', 'Kabir', 'kabir@x.test', 'artist'),
        ('boss', 'Admin', 'admin@x.test', 'admin');
      insert into releases (id, user_id, title, artist_name, release_type, release_date, status) values
        ('00000000-0000-4000-8000-000000000001', 'label', 'Monsoon', 'Asha Rao', 'single', '2026-01-10', 'live'),
        ('00000000-0000-4000-8000-000000000002', 'label', 'Winter', 'asha rao ', 'ep', '2026-02-10', 'live'),
        ('00000000-0000-4000-8000-000000000003', 'label', 'Dhun', 'Ravi', 'single', '2026-03-10', 'pending_review'),
        ('00000000-0000-4000-8000-000000000004', 'label', 'Best of 2026', 'Various Artists', 'compilation', '2026-04-10', 'live'),
        ('00000000-0000-4000-8000-000000000005', 'solo', 'Alone', 'Kabir', 'single', '2026-05-10', 'live'),
        ('00000000-0000-4000-8000-000000000006', null, 'Manual upload', 'Someone', 'single', '2026-05-11', 'live');
      insert into tracks (release_id, position, title) values
        ('00000000-0000-4000-8000-000000000001', 1, 'Monsoon'),
        ('00000000-0000-4000-8000-000000000002', 1, 'Snow'),
        ('00000000-0000-4000-8000-000000000002', 2, 'Frost'),
        ('00000000-0000-4000-8000-000000000004', 1, 'Hit'),
        ('00000000-0000-4000-8000-000000000005', 1, 'Alone');
      insert into royalty_ledger (user_id, month, gross_paise, share_percent, net_paise) values
        ('label', '2026-01-01', 100000, 85, 85000), ('label', '2026-02-01', 33333, 85, 28333),
        ('solo', '2026-01-01', 5000, 80, 4000);
      insert into payouts (user_id, amount_paise, method) values ('label', 50000, 'upi'), ('solo', 1234, 'upi');
      insert into payments (user_id, gateway, gateway_payment_id, amount_paise, plan_id) values
        ('label', 'test', 'pay_1', 199900, 'label_plan');
      insert into subscriptions (user_id, plan_id, start_date, end_date, amount_paise, kind) values
        ('label', 'label_plan', '2026-01-01', '2026-12-31', 199900, 'paid');
      insert into support_tickets (user_id, subject, description) values ('label', 'Help', 'Where is my song?');
      insert into support_ticket_messages (ticket_id, sender_id, message)
        select id, 'label', 'Where is my song?' from support_tickets;
      insert into admin_audit_log (actor_id, action, subject_user_id, subject_id) values
        ('boss', 'payout_account.viewed', 'label', 'p1');
    `);
    const before = (await client.query(TOTALS)).rows;

    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });

    // Nothing an account had is lost or changed in sum.
    expect((await client.query(TOTALS)).rows).toEqual(before);
    // Every account owns its personal workspace, which carries its id.
    const members = await client.query(
      "select w.id, w.name, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id order by w.id",
    );
    expect(members.rows).toEqual([
      { id: "boss", name: "Admin", user_id: "boss", role: "owner" },
      { id: "label", name: "Rang Records", user_id: "label", role: "owner" },
      { id: "solo", name: "Kabir", user_id: "solo", role: "owner" },
    ]);
    // Each distinct artist name (whatever its case and spaces) is one profile of its workspace; a
    // compilation's "Various Artists" is none, and a release without an owner stays as it was.
    const profiles = await client.query(
      `select a.workspace_id, a.name, array_agg(r.title order by r.title) as releases
       from artist_profiles a left join release_artists ra on ra.artist_id = a.id
       left join releases r on r.id = ra.release_id group by a.id order by a.workspace_id, a.name`,
    );
    expect(profiles.rows).toEqual([
      { workspace_id: "label", name: "Asha Rao", releases: ["Monsoon", "Winter"] },
      { workspace_id: "label", name: "Ravi", releases: ["Dhun"] },
      { workspace_id: "solo", name: "Kabir", releases: ["Alone"] },
    ]);
    // The admins' audit entry is now in the one audit log, under the workspace it concerned.
    const audit = await client.query("select workspace_id, actor_name, kind, action from audit_log");
    expect(audit.rows).toEqual([
      { workspace_id: "label", actor_name: "Admin", kind: "support_access", action: "payout_account.viewed" },
    ]);
    // An account made now gets its workspace too (the trigger).
    await client.query("insert into users (id, name, email) values ('new', 'Newcomer', 'new@x.test')");
    expect(
      (await client.query("select role from workspace_members where workspace_id = 'new' and user_id = 'new'")).rows,
    ).toEqual([{ role: "owner" }]);
  });
});
