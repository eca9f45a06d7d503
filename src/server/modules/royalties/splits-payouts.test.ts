import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, tdsQuarterIst, todayIst } from "#domain/clock";
import type { Db } from "#server/db/client";
import { createLogger } from "#server/lib/logger";
import { signWebhook } from "#server/lib/webhook-signature";
import type { TestPayoutProvider } from "#server/modules/payouts";
import { refreshQuietPayouts } from "#server/modules/payouts";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { precomputeSplitPasses, rebuildLedger, repostEarnings, type SplitPasses } from "./posting";

type Artist = Awaited<ReturnType<typeof createArtist>>;

const today = () => todayIst();
/** A day `n` days from today (report rows may be dated ahead: the split then surely applies). */
const inDays = (n: number) => addDays(todayIst(), n);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>) {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every balance in the ledger, by account (user id, or "escrow:<collaborator>"). */
async function balances(server: TestServer) {
  const list = await rows<{ account: string; sum: string }>(
    server,
    sql`select coalesce(user_id, 'escrow:' || collaborator_id) as account, sum(amount_paise)::bigint as sum
        from royalty_entries group by 1 having sum(amount_paise) <> 0 order by 1`,
  );
  return Object.fromEntries(list.map((r) => [r.account, Number(r.sum)]));
}

describe("splits, escrow, statements and payouts", () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: Artist;
  let release: { id: string; upcEan: string; isrcs: string[] };
  let trackId: string;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    owner = await createArtist(server, "Owner Artist");
    release = await createLiveRelease(server, admin, owner.client, { title: "Shared Song" });
    trackId = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.tracks[0].id;
  });
  afterEach(async () => {
    await server?.close();
  });

  const split = (percentOwner: string, percentProducer: string, extra: Record<string, unknown> = {}) => ({
    effectiveFrom: today(),
    collaborators: [
      { name: "Owner Artist", role: "artist", percent: percentOwner, isOwner: true },
      { name: "Priya Producer", role: "producer", email: "priya@example.com", percent: percentProducer },
    ],
    ...extra,
  });
  const saveSplit = (body: unknown, client = owner.client, id = trackId) =>
    client.request("PUT", `/api/releases/${release.id}/tracks/${id}/split`, body);
  const row = (day: string, revenue: string, isrc = release.isrcs[0]) =>
    `${day},Spotify,IN,${release.upcEan},${isrc},100,10,${revenue},INR`;

  it("a 60/40 split: the producer is invited, their share is held in escrow, released once on acceptance, and statements reconcile", async () => {
    const saved = await saveSplit(split("60", "40"));
    expect(saved.status).toBe(200);
    expect(saved.body.pendingInvites).toBe(1);
    const mail = (await server.outbox()).find((m) => m.to === "priya@example.com");
    // The mail to someone who never asked for it carries none of the owner's free text but a name.
    expect(mail?.subject).toBe("Owner Artist shares song royalties with you on Kalrav");
    expect(mail?.text).not.toContain("Shared Song");
    const token = /\/invite\/([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    // Basic Artist keeps 80 % (the plan share): ₹100.00 of revenue is ₹80.00 to divide: ₹48 and ₹32.
    const report = await importReport(admin, "split.csv", [row(`${NEXT_YEAR}-02-10`, "100.00")]);
    expect(report.status).toBe("completed");
    const producer = saved.body.collaborators[0];
    expect(await balances(server)).toEqual({ [owner.id]: 4800, [`escrow:${producer.id}`]: 3200 });
    // The owner sees what is held for the producer.
    expect((await owner.client.get("/api/royalties")).body).toMatchObject({
      availablePaise: 4800,
      heldForCollaboratorsPaise: 3200,
    });

    // The invite link shows what is held; a stranger with another address cannot take it.
    expect((await server.client().get(`/api/invites/${token}`)).body).toMatchObject({
      ownerName: "Owner Artist",
      releases: ["Shared Song"],
      heldPaise: 3200,
      accepted: false,
    });
    const stranger = await createArtist(server, "Stranger");
    const wrong = await stranger.client.post(`/api/invites/${token}/accept`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe("WRONG_ACCOUNT");
    expect((await owner.client.post(`/api/invites/${token}/accept`)).status).toBe(409);

    // Priya signs up with the invited address (no plan needed), proves it is hers with the code mailed
    // there, and accepts: ₹32 released once.
    const priya = server.client();
    await priya.signUp("Priya Producer", "priya@example.com", "priya-pass");
    await priya.signIn("priya@example.com", "priya-pass");
    const priyaId = (await priya.get("/api/session")).body.user.id;
    expect((await priya.post(`/api/invites/${token}/accept`)).body.error.code).toBe("PROOF_REQUIRED");
    expect((await priya.post(`/api/invites/${token}/code`)).status).toBe(200);
    const codeMail = (await server.outbox()).findLast((m) => m.to === "priya@example.com");
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? "")?.[1];
    const accepted = await priya.post(`/api/invites/${token}/accept`, { code });
    expect(accepted.status).toBe(200);
    expect(accepted.body.releasedPaise).toBe(3200);
    const again = await priya.post(`/api/invites/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ALREADY_ACCEPTED");
    expect(await balances(server)).toEqual({ [owner.id]: 4800, [priyaId]: 3200 });
    // Her dashboard is a payee's (her shares, no artist's first steps); the owner's stays an artist's.
    expect((await priya.get("/api/dashboard")).body.payeeOnly).toBe(true);
    expect((await owner.client.get("/api/dashboard")).body.payeeOnly).toBe(false);

    // Later earnings go straight to her.
    await importReport(admin, "later.csv", [row(`${NEXT_YEAR}-02-11`, "10.00")]);
    expect(await balances(server)).toEqual({ [owner.id]: 4800 + 480, [priyaId]: 3200 + 320 });

    // Statements: per payee, and together they are what the reports paid after our share.
    const month = `${NEXT_YEAR}-02`;
    const ownerStatement = (await owner.client.get(`/api/royalties/statements/${month}`)).body;
    const priyaStatement = (await priya.get(`/api/royalties/statements/${month}`)).body;
    const ledger = await rows<{ net: string }>(
      server,
      sql`select coalesce(sum(net_paise), 0)::bigint as net from royalty_ledger where user_id = ${owner.id}`,
    );
    const paidAfterShare = Number(ledger[0]?.net);
    expect(paidAfterShare).toBe(8800);
    expect(ownerStatement.earningsPaise + priyaStatement.earningsPaise).toBe(paidAfterShare);
    expect(priyaStatement).toMatchObject({ earningsPaise: 3520, heldInEscrowPaise: 3200 });
    expect(ownerStatement.earnings[0]).toMatchObject({ release: "Shared Song", store: "Spotify", country: "IN" });
    // The split is its own line on the owner's statement (issue 33): what went to the producer.
    expect(ownerStatement.sharedWith).toEqual([{ name: "Priya Producer", amountPaise: 3520 }]);
    expect(ownerStatement.earningsPaise + ownerStatement.sharedPaise).toBe(paidAfterShare);
    // The dashboard's royalties are each payee's own ledger figure, as the royalties page says.
    for (const client of [owner.client, priya]) {
      const dashboard = (await client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise;
      expect(dashboard).toBe((await client.get("/api/royalties")).body.totalEarningsPaise);
    }
    expect((await priya.get("/api/dashboard")).body.stats.totalRoyaltiesPaise).toBe(3520);
    // Her balance: what came straight to her (₹3.20) in February; the release of ₹32 is in this month's statement.
    expect(priyaStatement.closingPaise).toBe(
      priyaStatement.openingPaise +
        priyaStatement.earningsPaise -
        priyaStatement.heldInEscrowPaise +
        priyaStatement.escrowReleasedPaise,
    );
    // The admin's check proves the ledger from the facts: every month's net posted to its payees.
    const check = (await admin.get("/api/admin/royalties/reconciliation")).body;
    expect(check.findings).toEqual([]);
    expect(check.ok).toBe(true);
    const csv = await priya.send("GET", `/api/royalties/statements/${month}/csv`, undefined);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Closing balance");
    const pdf = await priya.send("GET", `/api/royalties/statements/${month}/pdf`, undefined);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
  });

  it("refuses bad splits and someone else's track, changing nothing", async () => {
    const before = await rows<{ n: number }>(server, sql`select count(*)::int as n from split_sheets`);
    const sum = await saveSplit(split("60", "39.99"));
    expect(sum.status).toBe(400);
    expect(sum.text).toContain("Shares must add up to exactly 100 %");
    expect((await saveSplit(split("60", "40", { recoupment: { collaboratorIndex: 1, amountPaise: -5 } }))).status).toBe(
      400,
    );
    expect(
      (await saveSplit(split("60", "40", { recoupment: { collaboratorIndex: 1, amountPaise: 10.5 } }))).status,
    ).toBe(400);
    expect((await saveSplit(split("60", "40", { effectiveFrom: "2020-01-01" }))).status).toBe(400);
    const other = await createArtist(server, "Other Artist");
    expect((await saveSplit(split("60", "40"), other.client)).status).toBe(404);
    expect((await other.client.get(`/api/releases/${release.id}/splits`)).status).toBe(404);
    const after = await rows<{ n: number }>(server, sql`select count(*)::int as n from split_sheets`);
    expect(after).toEqual(before);
  });

  it("a split changed mid-month applies from its effective date only, and a recoupment is repaid first", async () => {
    await saveSplit(split("60", "40", { recoupment: { collaboratorIndex: 1, amountPaise: 1_000 } }));
    await saveSplit(split("100", "0", { effectiveFrom: `${NEXT_YEAR}-03-16` }));
    await importReport(admin, "march.csv", [row(`${NEXT_YEAR}-03-10`, "50.00"), row(`${NEXT_YEAR}-03-20`, "50.00")]);
    const producer = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.collaborators[0].id;
    // Before the 16th: ₹40 net; ₹10 recouped first, then 40 % of ₹30 = ₹12 → ₹22 to the producer.
    // From the 16th: everything to the owner (₹40). The owner: ₹18 + ₹40.
    expect(await balances(server)).toEqual({ [owner.id]: 1800 + 4000, [`escrow:${producer}`]: 2200 });
    const kinds = await rows<{ kind: string; sum: string }>(
      server,
      sql`select kind, sum(amount_paise)::bigint as sum from royalty_entries where collaborator_id = ${producer} group by kind order by kind`,
    );
    expect(kinds.map((k) => [k.kind, Number(k.sum)])).toEqual([
      ["earning", 1200],
      ["recoupment", 1000],
    ]);
  });

  it("a split changed mid-month applies day by day in a month a report brings whole, not to the month's sum (decision 054)", async () => {
    await saveSplit(split("60", "40"));
    await saveSplit(split("100", "0", { effectiveFrom: `${NEXT_YEAR}-04-16` }));
    // One line of the report's sums (same store and country) spans the 10th to the 20th, across the
    // new version: it is read day by day.
    await importReport(admin, "april.csv", [row(`${NEXT_YEAR}-04-10`, "50.00"), row(`${NEXT_YEAR}-04-20`, "50.00")]);
    const producer = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.collaborators[0].id;
    // Before the 16th: 60/40 of ₹40 net; from the 16th: all ₹40 to the owner.
    expect(await balances(server)).toEqual({ [owner.id]: 2400 + 4000, [`escrow:${producer}`]: 1600 });
  });

  it("a split in force all month is applied to each line of the sums a report brings whole (decision 054)", async () => {
    await saveSplit(split("60", "40"));
    await importReport(admin, "may.csv", [row(`${NEXT_YEAR}-05-10`, "50.00"), row(`${NEXT_YEAR}-05-20`, "25.00")]);
    const producer = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.collaborators[0].id;
    // ₹75 of revenue, ₹60 net: 60/40.
    expect(await balances(server)).toEqual({ [owner.id]: 3600, [`escrow:${producer}`]: 2400 });
  });

  describe("a report's split tracks' entries computed beside its import's transaction (decision 058)", () => {
    const reportId = "00000000-0000-4000-8000-000000000058";
    const month = `${NEXT_YEAR}-06-01`;
    const sums = "report_sums_for_test";
    /** A report of one line for the split track, as an import leaves it before its transaction. */
    const stageReport = async () => {
      const run = (query: ReturnType<typeof sql>) => server.database.db.execute(query);
      await run(sql`drop table if exists ${sql.identifier(sums)}`);
      await run(sql`create table ${sql.identifier(sums)} as
        select ${month}::date as month, ${release.id}::uuid as release_id, ${owner.id}::text as owner_id,
          ${release.isrcs[0]}::text as isrc, 'Spotify'::text as store, 'IN'::text as country, 100::bigint as streams,
          10::bigint as listeners, 10000::bigint as revenue_paise, ${`${NEXT_YEAR}-06-10`}::date as first_day,
          ${`${NEXT_YEAR}-06-20`}::date as last_day`);
      await run(sql`insert into report_tracks (report_id, release_id, isrc, first_day, last_day)
        select ${reportId}::uuid, release_id, isrc, first_day, last_day from ${sql.identifier(sums)}`);
    };
    /** The report's posting in a transaction, given what was computed beside it. */
    const post = (precomputed: SplitPasses) =>
      server.database.db.transaction((tx) =>
        repostEarnings(tx as unknown as Db, {
          reportId,
          months: [month],
          summed: { table: sums, months: [month] },
          precomputed: Promise.resolve(precomputed),
        }),
      );

    it("computes the split from the report's sums, as the transaction would", async () => {
      await saveSplit(split("60", "40"));
      await stageReport();
      const ahead = await precomputeSplitPasses(server.database.db, { reportId, month, sums });
      expect(ahead.passes).toHaveLength(1);
      // ₹100 of revenue, ₹80 net: 60/40.
      expect(ahead.passes[0]?.inserts.map((e) => [e.collaboratorId ? "producer" : e.userId, e.amountPaise])).toEqual([
        [owner.id, 4800],
        ["producer", 3200],
      ]);
      await post(ahead);
      const producer = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.collaborators[0].id;
      expect(await balances(server)).toEqual({ [owner.id]: 4800, [`escrow:${producer}`]: 3200 });
    });

    it("writes what was computed for the same split tracks, and computes again for other ones", async () => {
      await saveSplit(split("60", "40"));
      await stageReport();
      const ahead = await precomputeSplitPasses(server.database.db, { reportId, month, sums });
      const entries = ahead.passes[0]?.inserts ?? [];
      // Written as computed beside: the transaction does not compute them again.
      const marked = { ...ahead, passes: [{ inserts: entries.map((e) => ({ ...e, amountPaise: 1 })), ownerIds: [] }] };
      await post(marked);
      expect(Object.values(await balances(server))).toEqual([1, 1]);
      // For other split tracks (here, another owner's), what was computed is not used.
      await server.database.db.execute(sql`delete from royalty_entries`);
      await post({ ...marked, tracks: JSON.stringify([[release.id, release.isrcs[0], "someone-else"]]) });
      expect(Object.values(await balances(server)).sort((a, b) => a - b)).toEqual([3200, 4800]);
    });
  });

  it("every screen tells each payee the same figure, to the paisa, whatever the split, imports and restatements (issue 33)", async () => {
    // Priya accepts first (her address verified), so what she earns is hers, not in escrow.
    await saveSplit(split("60", "40"));
    const priya = server.client();
    await priya.signUp("Priya Producer", "priya@example.com", "priya-pass");
    await server.database.db.execute(sql`update users set email_verified = true where email = 'priya@example.com'`);
    await priya.signIn("priya@example.com", "priya-pass");
    const token = /\/invite\/([\w-]+)/.exec(
      (await owner.client.get(`/api/releases/${release.id}/splits`)).body.collaborators[0].inviteUrl,
    )?.[1];
    expect((await priya.post(`/api/invites/${token}/accept`)).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 2, maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 2, maxLength: 2 }),
        async (producerPercent, first, restated) => {
          await saveSplit(split(String(100 - producerPercent), String(producerPercent)));
          const money = (paise: number) => (paise / 100).toFixed(2);
          const days = [inDays(2), inDays(40)];
          const name = `agree-${Math.random()}`;
          await importReport(
            admin,
            `${name}-a.csv`,
            days.map((d, i) => row(d, money(first[i] ?? 0))),
          );
          // Its rows in the other order: a restatement of the same figures is still a file of its own
          // (the same bytes twice are refused as imported before).
          await importReport(admin, `${name}-b.csv`, days.map((d, i) => row(d, money(restated[i] ?? 0))).reverse());
          const months = [...new Set(days.map((d) => d.slice(0, 7)))];
          const ledger = await balances(server);
          const net = Number(
            (
              await rows<{ net: string }>(
                server,
                sql`select coalesce(sum(net_paise), 0)::bigint as net from royalty_ledger`,
              )
            )[0]?.net,
          );
          let shared = 0;
          let earnedByStatements = 0;
          for (const [client, id] of [
            [owner.client, owner.id],
            [priya, (await priya.get("/api/session")).body.user.id as string],
          ] as const) {
            const royalties = (await client.get("/api/royalties")).body;
            const dashboard = (await client.get("/api/dashboard")).body.stats.totalRoyaltiesPaise;
            let statements = 0;
            for (const month of months) {
              const statement = (await client.get(`/api/royalties/statements/${month}`)).body;
              statements += statement.earningsPaise;
              if (client === owner.client) shared += statement.sharedPaise;
            }
            // Analytics over the imported days counts the months they fall in, from the same ledger.
            const analytics = (await client.get(`/api/analytics?from=${days[0]}&to=${days[1]}`)).body;
            // Dashboard, royalties page, analytics, statements and the payout balance: one figure.
            expect(analytics.totals.royaltiesPaise).toBe(statements);
            expect(dashboard).toBe(royalties.totalEarningsPaise);
            expect(royalties.totalEarningsPaise).toBe(statements);
            expect(royalties.availablePaise).toBe(ledger[id] ?? 0);
            expect(royalties.availablePaise).toBe(statements);
            earnedByStatements += statements;
          }
          // What the owner's statements say they shared is what the producer's say she earned, and
          // together they are what the stores paid after our share.
          expect(earnedByStatements).toBe(net);
          expect(shared).toBe(earnedByStatements - (await statementsOf(owner.client, months)));
        },
      ),
      { numRuns: 4 },
    );
  }, 120_000);

  const statementsOf = async (client: TestClient, months: string[]) => {
    let sum = 0;
    for (const month of months) sum += (await client.get(`/api/royalties/statements/${month}`)).body.earningsPaise;
    return sum;
  };

  it("a restated report reverses and reposts: balances are as if the new figures had come first", async () => {
    await saveSplit(split("70", "30", { recoupment: { collaboratorIndex: 1, amountPaise: 500 } }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 2 }),
        async (first, restated) => {
          const money = (paise: number) => (paise / 100).toFixed(2);
          const days = [inDays(3), inDays(4)];
          const name = `r-${Math.random()}`;
          await importReport(
            admin,
            `${name}-a.csv`,
            days.map((d, i) => row(d, money(first[i] ?? 0))),
          );
          // Its rows in the other order: a restatement of the same figures is still a file of its own
          // (the same bytes twice are refused as imported before).
          await importReport(admin, `${name}-b.csv`, days.map((d, i) => row(d, money(restated[i] ?? 0))).reverse());
          const afterRestatement = await balances(server);
          // Importing the new figures again changes nothing (the same facts): it is a fixed point…
          await importReport(admin, `${name}-c.csv`, [...days.map((d, i) => row(d, money(restated[i] ?? 0))), ""]);
          expect(await balances(server)).toEqual(afterRestatement);
          // …and every balance sums to what the facts paid after the plan share.
          const total = Object.values(afterRestatement).reduce((s, v) => s + v, 0);
          const net = await rows<{ net: string }>(
            server,
            sql`select coalesce(sum(net_paise), 0)::bigint as net from royalty_ledger`,
          );
          expect(total).toBe(Number(net[0]?.net));
          for (const v of Object.values(afterRestatement)) expect(v).toBeGreaterThanOrEqual(0);
          // …and posting the facts as they now stand onto an empty ledger, as if only the new figures
          // had ever been imported, gives every payee the same balance.
          await server.database.db.execute(sql`delete from royalty_entries`);
          await rebuildLedger(server.database.db, [owner.id]);
          expect(await balances(server)).toEqual(afterRestatement);
        },
      ),
      { numRuns: 4 },
    );
  }, 120_000);

  it("a track without a sheet is posted in one statement that reverses and reposts a restatement like the sheets' path (decision 044)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 4, maxLength: 4 }),
        async (first, restated) => {
          const money = (paise: number) => (paise / 100).toFixed(2);
          // Two days at two stores, in two countries: four lines of the ledger's key.
          const lines = (amounts: number[]) =>
            [inDays(3), inDays(4)].flatMap((d, i) => [
              row(d, money(amounts[i * 2] ?? 0)),
              `${d},JioSaavn,US,${release.upcEan},${release.isrcs[0]},7,3,${money(amounts[i * 2 + 1] ?? 0)},INR`,
            ]);
          const name = `plain-${Math.random()}`;
          await importReport(admin, `${name}-a.csv`, lines(first));
          await importReport(admin, `${name}-b.csv`, lines(restated));
          const afterRestatement = await balances(server);
          const net = await rows<{ net: string }>(
            server,
            sql`select coalesce(sum(net_paise), 0)::bigint as net from royalty_ledger`,
          );
          expect(Object.values(afterRestatement).reduce((s, v) => s + v, 0)).toBe(Number(net[0]?.net));
          // The same figures again change nothing…
          await importReport(admin, `${name}-c.csv`, [...lines(restated), ""]);
          expect(await balances(server)).toEqual(afterRestatement);
          // …and the line-by-line comparison (`postPass`, which a plan change runs) posts the same
          // entries onto an empty ledger, line for line.
          const byLine = sql`select release_id, isrc, month::text, store, country, kind, sum(amount_paise)::bigint as amount
            from royalty_entries group by 1, 2, 3, 4, 5, 6 having sum(amount_paise) <> 0 order by 1, 2, 3, 4, 5, 6`;
          const posted = await rows(server, byLine);
          await server.database.db.execute(sql`delete from royalty_entries`);
          await rebuildLedger(server.database.db, [owner.id]);
          expect(await rows(server, byLine)).toEqual(posted);
          expect(await balances(server)).toEqual(afterRestatement);
        },
      ),
      { numRuns: 4 },
    );
  }, 120_000);

  it("the ledger names only accounts that exist, and keeps a deleted account's entries with no account (decision 044)", async () => {
    await importReport(admin, "accounts.csv", [row(inDays(1), "100.00")]);
    const entry = sql`insert into royalty_entries (user_id, kind, amount_paise, month) values`;
    // An account that does not exist is refused with the foreign key's error, and nothing is written.
    await expect(
      server.database.db.execute(
        sql`${entry} (${owner.id}, 'earning', 1, '2026-01-01'), ('no-such-user', 'earning', 1, '2026-01-01')`,
      ),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
    const count = sql`select count(*)::int as n, sum(amount_paise)::bigint as sum from royalty_entries`;
    const before = (await rows<{ n: number; sum: string }>(server, count))[0];
    expect(before?.n).toBeGreaterThan(0);
    // A deleted account's entries stay, with no account: the ledger's sums do not change.
    await server.database.db.execute(sql`delete from users where id = ${owner.id}`);
    expect((await rows<{ n: number; sum: string }>(server, count))[0]).toEqual(before);
    const owned = await rows<{ n: number }>(
      server,
      sql`select count(*)::int as n from royalty_entries where user_id = ${owner.id}`,
    );
    expect(owned[0]?.n).toBe(0);
  });

  describe("payouts", () => {
    const provider = () => server.payouts.provider as TestPayoutProvider;
    /** The owner's payee details: a UPI ID under their legal name (no PAN), checked by the test provider. */
    const upiPayee = (upiId: string) =>
      owner.client.request("PUT", "/api/payee-details", {
        residence: "india",
        legalName: "Owner Artist",
        method: "upi",
        upiId,
      });
    async function earn(client: TestClient, paise: number) {
      // Owner keeps 100 %; 80 % plan share: revenue = paise / 0.8.
      await importReport(admin, `earn-${Math.random()}.csv`, [row(inDays(1), (((paise / 80) * 100) / 100).toFixed(2))]);
      return client;
    }

    it("are validated, approved in a batch, paid through the provider with a UTR, and a replayed or forged webhook changes nothing", async () => {
      await earn(owner.client, 80_000);
      // Without payee details there is nothing to pay to.
      expect((await owner.client.post("/api/royalties/payouts")).status).toBe(409);
      const kyc = await owner.client.request("PUT", "/api/payee-details", {
        residence: "india",
        legalName: "Owner Artist",
        pan: "ABCPE1234F",
        method: "upi",
        upiId: "owner@okbank",
      });
      expect(kyc.status).toBe(200);
      expect(kyc.body.details).toMatchObject({ status: "verified", registeredName: "OWNER ARTIST", panLast4: "234F" });

      // Above the balance, then two requests at once: one payout.
      expect((await owner.client.post("/api/royalties/payouts", { amountPaise: 90_000 })).status).toBe(409);
      const both = await Promise.all([
        owner.client.post("/api/royalties/payouts"),
        owner.client.post("/api/royalties/payouts"),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      const payout = (await owner.client.get("/api/royalties")).body.payouts[0];
      expect(payout).toMatchObject({ amountPaise: 80_000, tdsPaise: 0, status: "pending" });
      expect((await owner.client.get("/api/royalties")).body.availablePaise).toBe(0);

      const approved = await admin.post("/api/admin/payouts/approve", { ids: [payout.id, payout.id] });
      expect(approved.body).toEqual({ sent: [payout.id], skipped: [] });
      await provider().settle();
      const paid = (await owner.client.get("/api/royalties")).body.payouts[0];
      expect(paid.status).toBe("completed");
      expect(paid.utr).toMatch(/^TESTUTR/);

      // Approving again does not pay again.
      expect((await admin.post("/api/admin/payouts/approve", { ids: [payout.id] })).body.sent).toEqual([]);

      // A forged webhook is refused; a genuine "reversed" returns the money once, a replay does nothing.
      const raw = JSON.stringify({
        event: "payout.reversed",
        payload: {
          payout: {
            entity: { id: "pout_x", reference_id: payout.id, status: "reversed", failure_reason: "Account closed" },
          },
        },
      });
      const forged = await server.client().request("POST", "/api/webhooks/razorpayx", raw, {
        "content-type": "application/json",
        "x-razorpay-signature": "0".repeat(64),
        "x-razorpay-event-id": "evt_reversal",
      });
      expect(forged.status).toBe(401);
      const send = () =>
        server.client().request("POST", "/api/webhooks/razorpayx", raw, {
          "content-type": "application/json",
          "x-razorpay-signature": signWebhook(raw, provider().webhookSecret),
          "x-razorpay-event-id": "evt_reversal",
        });
      expect((await send()).body.outcome).toBe("applied");
      expect((await send()).body.outcome).toBe("duplicate");
      const after = (await owner.client.get("/api/royalties")).body;
      expect(after.availablePaise).toBe(80_000);
      expect(after.payouts[0]).toMatchObject({ status: "reversed", failureReason: "Account closed" });
    });

    it("a name that does not match holds payouts until an admin reviews; an invalid account is refused", async () => {
      await earn(owner.client, 80_000);
      const mismatch = await owner.client.request("PUT", "/api/payee-details", {
        residence: "india",
        legalName: "Owner Artist",
        method: "bank",
        accountNumber: "mismatch123456",
        ifsc: "HDFC0001234",
      });
      expect(mismatch.status).toBe(400); // an account number is digits
      const held = await upiPayee("mismatch.owner@okbank");
      expect(held.body.details.status).toBe("name_mismatch");
      expect(held.body.message).toContain("SOMEONE ELSE");
      const refused = await owner.client.post("/api/royalties/payouts");
      expect(refused.body.error.code).toBe("KYC_HELD");
      expect((await owner.client.post(`/api/admin/payees/${owner.id}/approve`)).status).toBe(403);
      expect((await admin.post(`/api/admin/payees/${owner.id}/approve`)).body.details.status).toBe("approved");
      expect((await owner.client.post("/api/royalties/payouts")).status).toBe(201);
    });

    it("deducts TDS once the year's payouts cross the threshold, with a catch-up, and more without a PAN", async () => {
      // ₹40,000 then ₹20,000 in one year: nothing on the first, 10 % of ₹60,000 on the second.
      await earn(owner.client, 6_000_000);
      await owner.client.request("PUT", "/api/payee-details", {
        residence: "india",
        legalName: "Owner Artist",
        pan: "ABCPE1234F",
        method: "upi",
        upiId: "owner@okbank",
      });
      const first = await owner.client.post("/api/royalties/payouts", { amountPaise: 4_000_000 });
      expect(first.body.payouts[0]).toMatchObject({ tdsPaise: 0 });
      const second = await owner.client.post("/api/royalties/payouts", { amountPaise: 2_000_000 });
      expect(second.body.payouts[0]).toMatchObject({ amountPaise: 2_000_000, tdsPaise: 600_000, netPaise: 1_400_000 });
      expect(second.body.tds).toMatchObject({
        section: "194J",
        paidThisYearPaise: 6_000_000,
        deductedThisYearPaise: 600_000,
      });
      const { fy } = { fy: second.body.tds.financialYear as string };
      const month = new Date().toISOString().slice(5, 7);
      const quarter = [4, 4, 4, 1, 1, 1, 2, 2, 2, 3, 3, 3][Number(month) - 1];
      const csv = await admin.send("GET", `/api/admin/tds?fy=${fy}&quarter=${quarter}`, undefined);
      expect(csv.text).toContain("ABCPE1234F");
      expect(csv.text).toContain("6000.00");
    });

    it("a payout handed to the provider is never marked paid by hand; a late answer completes it once", async () => {
      // Issue 33: the provider's answer came after our timeout, an admin marked the payout paid by hand,
      // and the provider's later "processed" was ignored: paid twice.
      await earn(owner.client, 80_000);
      await upiPayee("owner@okbank");
      await owner.client.post("/api/royalties/payouts");
      const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
      const p = provider();
      const createPayout = p.createPayout;
      let taken: Parameters<typeof createPayout>[0] | undefined;
      p.createPayout = async (input) => {
        taken = input; // the provider took it and will pay...
        throw new Error("The payout provider did not answer in time."); // ...but we never heard back
      };
      const approved = await admin.post("/api/admin/payouts/approve", { ids: [id] });
      p.createPayout = createPayout;
      expect(approved.body.skipped[0].reason).toContain("did not answer");
      const byHand = await admin.post(`/api/admin/payouts/${id}/complete`, {
        reference: "NEFT123",
        password: TEST_ADMIN.password,
      });
      expect(byHand.status).toBe(409);
      expect(byHand.body.error.code).toBe("WITH_PROVIDER");
      // The provider pays it after all, and its webhook completes it.
      if (taken) await createPayout(taken);
      await p.settle();
      const after = (await owner.client.get("/api/royalties")).body.payouts[0];
      expect(after.status).toBe("completed");
      expect(after.utr).toMatch(/^TESTUTR/);
      expect(after.reference).toBe(after.utr);
    });

    it("a payout whose webhook never came is settled by asking the provider, once (issue 33: a killed process)", async () => {
      await earn(owner.client, 2 * 80_000);
      await upiPayee("owner@okbank");
      const p = provider();
      const createPayout = p.createPayout;
      const ids: string[] = [];
      // The provider takes each payout, and our process dies before its webhook is sent.
      p.createPayout = async () => ({
        id: `pout_${ids.length ? "fail" : "ok"}_test_${ids.length}`,
        status: "processing",
        utr: null,
      });
      for (let i = 0; i < 2; i++) {
        await owner.client.post("/api/royalties/payouts", { amountPaise: 80_000 });
        const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
        await admin.post("/api/admin/payouts/approve", { ids: [id] });
        ids.push(id);
      }
      p.createPayout = createPayout;
      await p.settle();
      const statuses = async () =>
        Object.fromEntries(
          (await owner.client.get("/api/royalties")).body.payouts.map((x: { id: string; status: string }) => [
            x.id,
            x.status,
          ]),
        );
      expect(Object.values(await statuses())).toEqual(["processing", "processing"]);
      const deps = {
        db: server.database.db,
        payouts: server.payouts,
        mailer: { transport: "outbox" as const, send: async () => {} },
        logger: createLogger("silent"),
        publicUrl: server.url,
      };
      // Not yet quiet for long: nothing is asked.
      expect(await refreshQuietPayouts(deps)).toBe(0);
      expect(await refreshQuietPayouts(deps, 0)).toBe(2);
      expect(await statuses()).toEqual({ [ids[0] as string]: "completed", [ids[1] as string]: "failed" });
      // The failed one's money is back; asking again changes nothing.
      expect((await owner.client.get("/api/royalties")).body.availablePaise).toBe(80_000);
      expect(await refreshQuietPayouts(deps, 0)).toBe(0);
      expect((await owner.client.get("/api/royalties")).body.availablePaise).toBe(80_000);
      const paid = (await owner.client.get("/api/royalties")).body.payouts.find((x: { id: string }) => x.id === ids[0]);
      expect(paid.utr).toMatch(/^TESTUTR[0-9A-F]{10}$/);
    });

    it("asks for the password again to change payee details or request a payout once the sign-in is old (issue 34)", async () => {
      await earn(owner.client, 80_000);
      // Fresh from signing in: no password needed.
      expect((await upiPayee("owner@okbank")).status).toBe(200);
      // Twenty minutes later, a borrowed session cannot redirect the money.
      await server.database.db.execute(
        sql`update sessions set created_at = now() - interval '20 minutes' where user_id = ${owner.id}`,
      );
      const change = (password?: string) =>
        owner.client.request("PUT", "/api/payee-details", {
          residence: "india",
          legalName: "Owner Artist",
          method: "upi",
          upiId: "thief@okbank",
          ...(password === undefined ? {} : { password }),
        });
      for (const attempt of [await change(), await change("wrong-pass")]) {
        expect(attempt.status).toBe(403);
        expect(attempt.body.error.code).toBe("REAUTH_REQUIRED");
      }
      expect((await owner.client.get("/api/payee-details")).body.details.upiId).toBe("owner@okbank");
      expect((await owner.client.post("/api/royalties/payouts")).body.error.code).toBe("REAUTH_REQUIRED");
      expect((await owner.client.get("/api/royalties")).body.payouts).toEqual([]);
      // With the account's password, both go ahead.
      expect((await change("artist-pass")).status).toBe(200);
      expect((await owner.client.post("/api/royalties/payouts", { password: "artist-pass" })).status).toBe(201);
    });

    it("Approve racing Mark Paid pays each payout once", async () => {
      await upiPayee("owner@okbank");
      await earn(owner.client, 5 * 80_000);
      for (let i = 0; i < 5; i++) {
        await owner.client.post("/api/royalties/payouts", { amountPaise: 80_000 });
        const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
        const [approved, byHand] = await Promise.all([
          admin.post("/api/admin/payouts/approve", { ids: [id] }),
          admin.post(`/api/admin/payouts/${id}/complete`, { reference: `NEFT${i}`, password: TEST_ADMIN.password }),
        ]);
        await provider().settle();
        const sentToProvider = approved.body.sent.length === 1;
        expect(sentToProvider).toBe(byHand.status !== 200);
        const final = (await owner.client.get("/api/royalties")).body.payouts[0];
        expect(final.status).toBe("completed");
        // Paid by exactly one of the two: a UTR from the provider or the admin's reference, never both.
        expect(Boolean(final.utr)).toBe(sentToProvider);
        expect(final.reference === `NEFT${i}`).toBe(!sentToProvider);
      }
    });

    it("a provider's answer that contradicts our record is kept and shown to admins, changing nothing", async () => {
      await earn(owner.client, 80_000);
      await upiPayee("fail.owner@okbank");
      await owner.client.post("/api/royalties/payouts");
      const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
      await admin.post("/api/admin/payouts/approve", { ids: [id] });
      await provider().settle();
      const raw = JSON.stringify({
        event: "payout.processed",
        payload: { payout: { entity: { id: "pout_late", reference_id: id, status: "processed", utr: "UTRLATE1" } } },
      });
      const late = await server.client().request("POST", "/api/webhooks/razorpayx", raw, {
        "content-type": "application/json",
        "x-razorpay-signature": signWebhook(raw, provider().webhookSecret),
        "x-razorpay-event-id": "evt_late",
      });
      expect(late.body.outcome).toBe("disagrees");
      const after = (await owner.client.get("/api/royalties")).body;
      expect(after.payouts[0].status).toBe("failed");
      expect(after.availablePaise).toBe(80_000);
      const check = (await admin.get("/api/admin/royalties/reconciliation")).body;
      expect(check.ok).toBe(false);
      expect(check.findings).toEqual([expect.objectContaining({ kind: "provider_disagrees", amountPaise: 80_000 })]);
    });

    it("counts the TDS threshold per PAN across accounts, and files each payout under the PAN it was made to", async () => {
      const pan = { residence: "india" as const, legalName: "Owner Artist", pan: "ABCPE1234F", method: "upi" as const };
      await earn(owner.client, 4_000_000);
      await owner.client.request("PUT", "/api/payee-details", { ...pan, upiId: "owner@okbank" });
      const first = await owner.client.post("/api/royalties/payouts", { amountPaise: 4_000_000 });
      expect(first.body.payouts[0]).toMatchObject({ tdsPaise: 0 });
      // The same person's second account: ₹20,000 takes the PAN's year to ₹60,000, over ₹50,000.
      const second = await createArtist(server, "Owner Artist Again");
      const other = await createLiveRelease(server, admin, second.client, { title: "Second Account Song" });
      await importReport(admin, "second.csv", [
        `${inDays(1)},Spotify,IN,${other.upcEan},${other.isrcs[0]},100,10,25000.00,INR`,
      ]);
      await second.client.request("PUT", "/api/payee-details", { ...pan, upiId: "again@okbank" });
      const again = await second.client.post("/api/royalties/payouts", { amountPaise: 2_000_000 });
      expect(again.body.payouts[0]).toMatchObject({ amountPaise: 2_000_000, tdsPaise: 600_000 });

      // A PAN changed later: the earlier payout is still filed under the PAN it was made to.
      await owner.client.request("PUT", "/api/payee-details", { ...pan, pan: "ABCPE9999Z", upiId: "owner@okbank" });
      const { fy, quarter } = tdsQuarterIst(new Date());
      const csv = await admin.send("GET", `/api/admin/tds?fy=${fy}&quarter=${quarter}`, undefined);
      expect(csv.text).toContain("ABCPE1234F");
      expect(csv.text).not.toContain("ABCPE9999Z");
    });

    it("details held for review hold a hand payment too", async () => {
      await earn(owner.client, 80_000);
      await upiPayee("owner@okbank");
      await owner.client.post("/api/royalties/payouts");
      const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
      await upiPayee("mismatch.owner@okbank");
      const byHand = await admin.post(`/api/admin/payouts/${id}/complete`, {
        reference: "NEFT9",
        password: TEST_ADMIN.password,
      });
      expect(byHand.status).toBe(409);
      expect(byHand.body.error.code).toBe("KYC_HELD");
      expect((await owner.client.get("/api/royalties")).body.payouts[0].status).toBe("pending");
    });

    it("a payout that is all TDS is completed without a transfer", async () => {
      await earn(owner.client, 80_000);
      await upiPayee("owner@okbank");
      await owner.client.post("/api/royalties/payouts");
      const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
      await server.database.db.execute(sql`update payouts set tds_paise = amount_paise where id = ${id}`);
      const sentBefore = provider().createPayout;
      let calls = 0;
      provider().createPayout = async (input) => {
        calls += 1;
        return sentBefore(input);
      };
      const approved = await admin.post("/api/admin/payouts/approve", { ids: [id] });
      provider().createPayout = sentBefore;
      expect(calls).toBe(0);
      expect(approved.body.skipped[0].reason).toContain("whole amount is TDS");
      expect((await owner.client.get("/api/royalties")).body.payouts[0]).toMatchObject({ status: "completed" });
    });

    it("a failed payout returns its money once", async () => {
      await earn(owner.client, 80_000);
      await upiPayee("fail.owner@okbank");
      await owner.client.post("/api/royalties/payouts");
      const id = (await owner.client.get("/api/royalties")).body.payouts[0].id;
      await admin.post("/api/admin/payouts/approve", { ids: [id] });
      await provider().settle();
      const after = (await owner.client.get("/api/royalties")).body;
      expect(after.payouts[0]).toMatchObject({ status: "failed" });
      expect(after.availablePaise).toBe(80_000);
      const returns = await rows<{ n: number }>(
        server,
        sql`select count(*)::int as n from royalty_entries where payout_id = ${id} and kind = 'payout_return'`,
      );
      expect(returns[0]?.n).toBe(1);
    });
  });
  it("saved split templates: a named set of collaborators to start from, replaced by name, private to their owner", async () => {
    const body = {
      name: "Band with Priya",
      collaborators: split("60", "40").collaborators,
    };
    const saved = await owner.client.request("PUT", "/api/split-templates", body);
    expect(saved.status).toBe(200);
    expect(saved.body.template).toMatchObject({ name: "Band with Priya" });
    // Same name: replaced, not duplicated.
    await owner.client.request("PUT", "/api/split-templates", {
      ...body,
      collaborators: split("50", "50").collaborators,
    });
    const list = (await owner.client.get("/api/split-templates")).body.templates;
    expect(list).toHaveLength(1);
    expect(list[0].collaborators.map((c: { percent: string }) => c.percent)).toEqual(["50", "50"]);
    // Shares that do not sum to 100 % and a missing name are refused with the split form's messages.
    const bad = await owner.client.request("PUT", "/api/split-templates", {
      name: " ",
      collaborators: split("60", "30").collaborators,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Name the template");
    expect(bad.text).toContain("Shares must add up to exactly 100 % (they add up to 90 %).");
    // Another artist neither sees nor deletes it.
    const other = await createArtist(server, "Other Artist");
    expect((await other.client.get("/api/split-templates")).body.templates).toEqual([]);
    expect((await other.client.request("DELETE", `/api/split-templates/${list[0].id}`)).status).toBe(404);
    expect((await owner.client.request("DELETE", `/api/split-templates/${list[0].id}`)).status).toBe(200);
    expect((await owner.client.get("/api/split-templates")).body.templates).toEqual([]);
  });
});
