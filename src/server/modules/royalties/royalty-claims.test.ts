import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eanFor, IDENTIFIER_MESSAGES } from "#domain/identifiers";
import { RELEASE_NOTICES } from "#domain/releases";
import { migrationsFolder } from "#server/db/client";
import { createArtist, createLiveRelease, paypalPayee, validRelease } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

const HEADER = "date,store,country,upc,isrc,streams,listeners,revenue,currency";

async function importReport(admin: TestClient, name: string, lines: string[]) {
  const cookies = (admin as unknown as { cookies: Map<string, string> }).cookies;
  const res = await fetch(`${admin.baseUrl}/api/admin/reports?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: [HEADER, ...lines].join("\n"),
    headers: {
      origin: admin.baseUrl,
      "content-type": "text/csv",
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });
  const queued = await res.json();
  for (let i = 0; i < 300; i++) {
    const r = await admin.get(`/api/admin/reports/${queued.report.id}`);
    if (["completed", "failed"].includes(r.body.report.status)) return r.body.report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import did not finish");
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("royalties reach only the release that holds the code", () => {
  let server: TestServer;
  let admin: TestClient;
  let victim: Awaited<ReturnType<typeof createArtist>>;
  let attacker: Awaited<ReturnType<typeof createArtist>>;
  let live: Awaited<ReturnType<typeof createLiveRelease>>;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    victim = await createArtist(server, "Victim");
    attacker = await createArtist(server, "Attacker");
    live = await createLiveRelease(server, admin, victim.client, {
      title: "Hit Song",
      upcEan: "036000291452",
      tracks: [{ title: "Hit Song", isrc: "INABC2610001" }],
    });
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses another artist's UPC (either spelling) and ISRC on submission, and on edit", async () => {
    const upc12 = await attacker.client.post("/api/releases", validRelease({ title: "x", upcEan: "036000291452" }));
    expect(upc12.status).toBe(409);
    expect(upc12.body.error).toEqual({
      code: "IDENTIFIER_TAKEN",
      message: IDENTIFIER_MESSAGES.upcTaken("036000291452"),
      details: { disputable: "036000291452" },
    });
    // The EAN-13 spelling of the same UPC-A is the same code.
    const upc13 = await attacker.client.post("/api/releases", validRelease({ title: "x", upcEan: "0036000291452" }));
    expect(upc13.status).toBe(409);
    const isrc = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "x", tracks: [{ title: "x", isrc: "IN-ABC-26-10001" }] }),
    );
    expect(isrc.status).toBe(409);
    expect(isrc.body.error.message).toBe(IDENTIFIER_MESSAGES.isrcTaken("INABC2610001", 1));
    // The other artist's release title is not revealed.
    expect(JSON.stringify(isrc.body)).not.toContain("Hit Song");

    // Nothing was written by the refused requests.
    expect((await attacker.client.get("/api/releases")).body.releases).toHaveLength(0);

    const own = await attacker.client.post("/api/releases", validRelease({ title: "Mine", upcEan: "4006381333931" }));
    expect(own.status).toBe(201);
    const edit = await attacker.client.request(
      "PUT",
      `/api/releases/${own.body.release.id}`,
      validRelease({ title: "Mine", upcEan: "036000291452" }),
    );
    expect(edit.status).toBe(409);
    expect((await attacker.client.get(`/api/releases/${own.body.release.id}`)).body.release.upcEan).toBe(
      "4006381333931",
    );
    // The artist's own second release cannot reuse the code either, and is told which release has it.
    const twice = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "Again", upcEan: "4006381333931" }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(IDENTIFIER_MESSAGES.upcTakenByOwn("4006381333931", "Mine"));
    // A withdrawn release lets its code go, for its owner to use again.
    expect((await attacker.client.request("DELETE", `/api/releases/${own.body.release.id}`)).status).toBe(200);
    const reused = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "Mine again", upcEan: "4006381333931" }),
    );
    expect(reused.status).toBe(201);
    // Changing the code of an undelivered release lets the old one go.
    const changed = await attacker.client.request(
      "PUT",
      `/api/releases/${reused.body.release.id}`,
      validRelease({ title: "Mine again", upcEan: "012345678905" }),
    );
    expect(changed.status).toBe(200);
    const claims = rows<{ code: string }>(
      await server.database.db.execute(
        sql`select code from issued_identifiers where release_id = ${reused.body.release.id} and kind = 'upc'`,
      ),
    );
    expect(claims.map((c) => c.code)).toEqual(["0012345678905"]);
    await attacker.client.request("DELETE", `/api/releases/${reused.body.release.id}`);
  });

  it("codes from our own ranges are ours to assign; a squatter's claim ends with withdrawal or rejection; a held code can be disputed", async () => {
    // Issue 33: an artist could claim codes in our ranges (approvals then failed with RANGE_EXHAUSTED)
    // and keep a label's real code blocked after withdrawing.
    const ours = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "x", upcEan: eanFor("8901234", 7) }),
    );
    expect(ours.status).toBe(409);
    expect(ours.body.error.code).toBe("IDENTIFIER_RESERVED");
    const ourIsrc = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "x", tracks: [{ title: "x", isrc: "IN-ZZZ-26-00042" }] }),
    );
    expect(ourIsrc.body.error.code).toBe("IDENTIFIER_RESERVED");

    // The squatter takes a label's code on a pending release: the label is refused, and may dispute it.
    const squat = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "Squat", upcEan: "5012345678900" }),
    );
    expect(squat.status).toBe(201);
    const blocked = await victim.client.post("/api/releases", validRelease({ title: "Real", upcEan: "5012345678900" }));
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toContain("dispute it");
    const dispute = await victim.client.post("/api/identifier-disputes", {
      code: "5012345678900",
      evidence: "Bought from GS1 India for our album, invoice GS1-2026-118.",
    });
    expect(dispute.status).toBe(201);
    expect(dispute.body.ticket.subject).toBe("Code dispute: UPC/EAN 5012345678900");
    expect(JSON.stringify(dispute.body)).not.toContain("Squat");
    expect((await admin.get("/api/admin/tickets?q=Code%20dispute")).text).toContain("5012345678900");
    // Nothing to dispute about a free code, or one's own.
    expect(
      (await victim.client.post("/api/identifier-disputes", { code: "4006381333931", evidence: "x".repeat(30) }))
        .status,
    ).toBe(404);
    expect(
      (await attacker.client.post("/api/identifier-disputes", { code: "5012345678900", evidence: "x".repeat(30) }))
        .status,
    ).toBe(404);

    // Rejected: the typed code is let go at once.
    const rejected = await admin.post(`/api/admin/releases/${squat.body.release.id}/reject`, {
      notes: "Not your code.",
    });
    expect(rejected.status).toBe(200);
    const real = await victim.client.post("/api/releases", validRelease({ title: "Real", upcEan: "5012345678900" }));
    expect(real.status).toBe(201);
    // The rejected release cannot take it back on resubmission.
    const resubmit = await attacker.client.request(
      "PUT",
      `/api/releases/${squat.body.release.id}`,
      validRelease({ title: "Squat", upcEan: "5012345678900" }),
    );
    expect(resubmit.status).toBe(409);

    // Withdrawn: the same.
    const second = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "Squat 2", upcEan: "4012345678901" }),
    );
    expect(second.status).toBe(201);
    expect((await attacker.client.request("DELETE", `/api/releases/${second.body.release.id}`)).status).toBe(200);
    expect(
      (await victim.client.post("/api/releases", validRelease({ title: "Real 2", upcEan: "4012345678901" }))).status,
    ).toBe(201);
  });

  it("credits report rows only to the delivered release holding the code: the hijack earns nothing", async () => {
    // The attacker's pending release with a code of its own, and rows naming it and the victim's codes.
    const pending = await attacker.client.post(
      "/api/releases",
      validRelease({ title: "Pending", upcEan: "5901234123457" }),
    );
    expect(pending.status).toBe(201);
    const report = await importReport(admin, "hijack.csv", [
      "2026-11-10,Spotify,IN,036000291452,,50000,20000,20000.00,INR",
      "2026-11-10,Spotify,IN,0036000291452,INABC2610001,100,50,10.00,INR",
      "2026-11-10,Spotify,IN,5901234123457,,10,5,1.00,INR",
      "2026-11-10,Spotify,IN,036000291452,INABC2699999,1,1,1.00,INR",
    ]);
    expect(live.isrcs).toEqual(["INABC2610001"]);
    expect(report).toMatchObject({ status: "completed", importedRows: 2, errorRows: 2 });
    expect(report.errors).toEqual([
      { line: 4, reason: "upc 5901234123457 belongs to a release that has not gone to stores" },
      { line: 5, reason: "isrc INABC2699999 is not a track of the release with upc 036000291452" },
    ]);
    const victimRoyalties = (await victim.client.get("/api/royalties")).body;
    expect(victimRoyalties.totalEarningsPaise).toBe(Math.floor(((2_000_000 + 1_000) * 80 + 50) / 100));
    const attackerRoyalties = (await attacker.client.get("/api/royalties")).body;
    expect(attackerRoyalties.totalEarningsPaise).toBe(0);
    await attacker.client.request("PUT", "/api/payee-details", paypalPayee("a@example.com"));
    expect((await attacker.client.post("/api/royalties/payouts")).status).toBe(409);

    const check = await admin.get("/api/admin/royalties/reconciliation");
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      ok: true,
      findings: [],
      ledgerGrossPaise: 2_001_000,
      tracedGrossPaise: 2_001_000,
    });
  });

  it("never deletes posted earnings: withdrawing or deleting a release that earned is refused", async () => {
    // The victim's live release has earned: two rows of a store report.
    await importReport(admin, "earned.csv", [
      "2026-11-10,Spotify,IN,036000291452,,50000,20000,20000.00,INR",
      "2026-11-10,Spotify,IN,0036000291452,INABC2610001,100,50,10.00,INR",
    ]);
    // Earnings posted to a pending release, as data from before code claims could hold them.
    const legacy = await attacker.client.post("/api/releases", validRelease({ title: "Legacy" }));
    const legacyId = legacy.body.release.id as string;
    const db = server.database.db;
    await db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise)
      values (${legacyId}, 'Spotify', 'IN', '2026-11-01', 10, 5, 100000)`);
    const withdrawn = await attacker.client.request("DELETE", `/api/releases/${legacyId}`);
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.error.message).toBe(RELEASE_NOTICES.hasEarnings);
    const deleted = await admin.request("DELETE", `/api/admin/releases/${live.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe("HAS_EARNINGS");
    const facts = rows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from daily_stream_facts where release_id in (${legacyId}, ${live.id})`,
      ),
    );
    expect(facts[0]?.n).toBe(3);
    // The live release keeps its code: an admin cannot move it elsewhere.
    const moved = await admin.request("PATCH", `/api/admin/releases/${live.id}`, {
      title: "Hit Song",
      artistName: "Asha",
      releaseDate: "2026-12-24",
      status: "live",
      upcEan: "4006381333931",
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe(IDENTIFIER_MESSAGES.deliveredUpcFixed);

    // The reconciliation names the earnings that do not trace to an entitled release.
    const check = await admin.get("/api/admin/royalties/reconciliation");
    expect(check.body.ok).toBe(false);
    expect(check.body.findings).toEqual([
      expect.objectContaining({ kind: "untraced_earnings", releaseId: legacyId, amountPaise: 100_000 }),
    ]);
    // A tampered ledger row is found too.
    await db.execute(sql`update royalty_ledger set gross_paise = gross_paise + 1 where user_id = ${victim.id}`);
    const tampered = await admin.get("/api/admin/royalties/reconciliation");
    expect(tampered.body.findings.map((f: { kind: string }) => f.kind).sort()).toEqual([
      "ledger_mismatch",
      "untraced_earnings",
    ]);
    await db.execute(sql`update royalty_ledger set gross_paise = gross_paise - 1 where user_id = ${victim.id}`);
    await db.execute(sql`delete from daily_stream_facts where release_id = ${legacyId}`);
    expect((await admin.get("/api/admin/royalties/reconciliation")).body.ok).toBe(true);
  });

  it("withdraw after payout: a release whose earnings were paid out can be neither withdrawn nor deleted", async () => {
    const earner = await createArtist(server, "Earner");
    const own = await createLiveRelease(server, admin, earner.client, { title: "Own Hit", upcEan: "4012345678901" });
    await importReport(admin, "earner.csv", ["2026-11-12,Spotify,IN,4012345678901,,1000,500,1000.00,INR"]);
    await earner.client.request("PUT", "/api/payee-details", paypalPayee("e@example.com"));
    const payout = await earner.client.post("/api/royalties/payouts");
    expect(payout.status).toBe(201);
    const before = await earner.client.get("/api/royalties");
    expect(before.body.pendingPaymentPaise).toBe(80_000);
    expect((await earner.client.request("DELETE", `/api/releases/${own.id}`)).status).toBe(409);
    expect((await admin.request("DELETE", `/api/admin/releases/${own.id}`)).status).toBe(409);
    // Taking it down keeps every posted figure.
    expect((await admin.post(`/api/admin/releases/${own.id}/take-down`)).status).toBe(200);
    const after = await earner.client.get("/api/royalties");
    expect(after.body.totalEarningsPaise).toBe(before.body.totalEarningsPaise);
    expect(after.body.payouts).toEqual(before.body.payouts);
    const check = await admin.get("/api/admin/royalties/reconciliation");
    expect(check.body.findings.filter((f: { userId: string }) => f.userId === earner.id)).toEqual([]);
  });

  it("is run by admins only", async () => {
    expect((await server.client().get("/api/admin/royalties/reconciliation")).status).toBe(401);
    expect((await attacker.client.get("/api/admin/royalties/reconciliation")).status).toBe(403);
  });

  it("the migration reports earnings that existing data credited to a release not entitled to them", async () => {
    const db = server.database.db;
    // Data as it stood before claims: a pending lookalike with the victim's UPC, credited by an import.
    const lookalike = rows<{ id: string }>(
      await db.execute(sql`insert into releases (user_id, title, artist_name, release_date, status, upc_ean)
        values (${attacker.id}, 'Lookalike', 'B', '2026-12-01', 'pending_review', '036000291452') returning id`),
    )[0]?.id as string;
    await db.execute(sql`insert into daily_stream_facts (release_id, store, country, day, streams, listeners, revenue_paise)
      values (${lookalike}, 'Spotify', 'IN', '2026-10-01', 10, 5, 1700000)`);
    const migration = await fs.readFile(path.join(migrationsFolder(), "0013_claimed_identifiers.sql"), "utf8");
    const audit = migration
      .split("--> statement-breakpoint")
      .filter((s) => s.includes('INSERT INTO "royalty_audit_findings"'));
    expect(audit).toHaveLength(2);
    for (const statement of audit) await db.execute(sql.raw(statement));
    const findings = rows<{ kind: string; release_id: string; revenue_paise: string; detail: string }>(
      await db.execute(sql`select kind, release_id, revenue_paise, detail from royalty_audit_findings`),
    );
    expect(findings).toEqual([expect.objectContaining({ kind: "release_not_entitled", release_id: lookalike })]);
    expect(Number(findings[0]?.revenue_paise)).toBe(1_700_000);
    expect(findings[0]?.detail).toContain("never went to stores");
    const check = await admin.get("/api/admin/royalties/reconciliation");
    expect(check.body.findings.map((f: { kind: string }) => f.kind).sort()).toEqual([
      "migration_audit",
      "untraced_earnings",
    ]);
  });
});
