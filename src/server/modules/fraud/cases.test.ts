import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, monthOf, todayIst } from "#domain/clock";
import { caseReference, FRAUD_MESSAGES } from "#domain/fraud";
import { createArtist, createLiveRelease, createRelease } from "#server/test/factories";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

type Artist = Awaited<ReturnType<typeof createArtist>>;
type Release = Awaited<ReturnType<typeof createLiveRelease>>;

const NOTICE = {
  store: "Spotify",
  periodFrom: "2026-09",
  periodTo: "2026-09",
  reason: "Artificial streams detected from a small set of accounts.",
  reference: "SPX-77",
};

/** What the ledger holds, summed, for the rows a filter picks. */
async function sum(server: TestServer, where: ReturnType<typeof sql>) {
  const result = (await server.database.db.execute(
    sql`select coalesce(sum(amount_paise), 0)::bigint as s from royalty_entries e where ${where}`,
  )) as unknown as { rows: { s: string }[] };
  return Number(result.rows[0]?.s ?? 0);
}

/** Multipart answer in a case's thread, as the browser sends it. */
async function answer(
  client: TestClient,
  id: string,
  message: string,
  file?: { name: string; type: string; bytes: Uint8Array },
) {
  const form = new FormData();
  form.set("message", message);
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${client.baseUrl}/api/cases/${id}/messages`, {
    method: "POST",
    body: form,
    headers: { origin: client.baseUrl, cookie: client.cookieHeader() },
  });
  return { status: res.status, body: await res.json() };
}

describe("fraud cases (issue 41)", () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: Artist;
  let flagged: Release;
  let other: Release;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    owner = await createArtist(server, "Flagged Artist");
    flagged = await createLiveRelease(server, admin, owner.client, { title: "Flagged Song" });
    other = await createLiveRelease(server, admin, owner.client, { title: "Other Song" });
  });
  afterEach(async () => {
    await server?.close();
  });

  const row = (day: string, store: string, release: Release, revenue: string, streams = 100, country = "IN") =>
    `${day},${store},${country},${release.upcEan},${release.isrcs[0]},${streams},${Math.ceil(streams / 3)},${revenue},INR`;
  const importRows = (name: string, rows: string[]) => importReport(admin, name, rows);
  const isrc = (r: Release) => r.isrcs[0] as string;
  const balance = async () => (await owner.client.get("/api/royalties")).body;
  const lineOf = (r: Release, store: string, month: string) =>
    sql`e.user_id = ${owner.id} and e.release_id = ${r.id} and e.store = ${store} and e.month = ${month}::date`;

  async function baseline() {
    const report = await importRows("september.csv", [
      row("2026-09-10", "Spotify", flagged, "100.00"),
      row("2026-09-11", "Spotify", flagged, "25.00"),
      row("2026-09-10", "JioSaavn", flagged, "50.00"),
      row("2026-10-05", "Spotify", flagged, "30.00"),
      row("2026-09-10", "Spotify", other, "70.00"),
    ]);
    expect(report.status).toBe("completed");
  }

  it("holds exactly the flagged track's lines at the store that acted, in the months named; tells the artist; dismissal releases them in this month's statement", async () => {
    await baseline();
    const before = await balance();
    const disputed = await sum(
      server,
      sql`${lineOf(flagged, "Spotify", "2026-09-01")} and e.kind in ('earning', 'recoupment')`,
    );
    // ₹125.00 of store revenue at the plan's 80 % share.
    expect(disputed).toBe(10_000);

    const opened = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(flagged)], fee: "10" });
    expect(opened.status).toBe(201);
    const id = opened.body.case.id as string;
    expect(opened.body.case).toMatchObject({ status: "open", store: "Spotify", daysLeft: 14, overdue: false });
    expect(opened.body.money).toEqual({ heldPaise: 10_000, releasedPaise: 0, reversedPaise: 0, feePaise: 1000 });
    // The hold mirrors the disputed lines, and nothing else.
    expect(await sum(server, sql`e.kind = 'hold' and e.case_id = ${id}`)).toBe(-disputed);
    expect(await sum(server, sql`${lineOf(flagged, "JioSaavn", "2026-09-01")} and e.kind = 'hold'`)).toBe(0);
    expect(await sum(server, sql`${lineOf(flagged, "Spotify", "2026-10-01")} and e.kind = 'hold'`)).toBe(0);
    expect(await sum(server, sql`${lineOf(other, "Spotify", "2026-09-01")} and e.kind = 'hold'`)).toBe(0);
    // Holds are ledger lines like any other: the books still reconcile to the paisa.
    expect((await admin.get("/api/admin/royalties/reconciliation")).body.findings).toEqual([]);
    const during = await balance();
    expect(during.availablePaise).toBe(before.availablePaise - disputed - 1000);
    expect(during.heldInCasesPaise).toBe(disputed);

    // The artist is told at once, in the app and by e-mail, what is alleged and by when we decide.
    const mail = (await server.outbox()).find((m) => m.to === owner.email && m.subject.includes(caseReference(id)));
    expect(mail?.text).toContain("Only the earnings of those tracks at Spotify");
    expect(mail?.text).toContain(`/app/cases/${id}`);
    const notices = (await owner.client.get("/api/notifications")).body.notifications;
    expect(notices.some((n: { title: string }) => n.title.includes(caseReference(id)))).toBe(true);

    // The case file: the evidence from the report rows, the held amount, the thread.
    const seen = await owner.client.get(`/api/cases/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.evidence.summary).toMatchObject({ streams: 200, revenuePaise: 12_500 });
    expect(seen.body.evidence.stores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ store: "Spotify", flagged: true }),
        expect.objectContaining({ store: "JioSaavn", flagged: false }),
      ]),
    );
    expect(seen.body.evidence.days.map((d: { day: string }) => d.day)).toEqual(["2026-09-10", "2026-09-11"]);
    expect(seen.body.tracks).toEqual([expect.objectContaining({ isrc: isrc(flagged), track: "Flagged Song" })]);
    const list = await owner.client.get("/api/cases");
    expect(list.body.cases.map((c: { id: string }) => c.id)).toEqual([id]);

    // The September statement shows the held line with the case.
    const september = (await owner.client.get("/api/royalties/statements/2026-09")).body;
    expect(september.held).toEqual([
      expect.objectContaining({ caseReference: caseReference(id), store: "Spotify", amountPaise: disputed }),
    ]);
    expect(september.heldPaise).toBe(disputed);

    // The artist answers with a file.
    const pdf = new TextEncoder().encode("%PDF-1.4 invoice from the playlist curator");
    const answered = await answer(owner.client, id, "These are fans from my Mumbai show.", {
      name: "show-ticket-sales.pdf",
      type: "application/pdf",
      bytes: pdf,
    });
    expect(answered.status).toBe(201);
    const last = answered.body.messages.at(-1);
    expect(last).toMatchObject({ body: "These are fans from my Mumbai show.", fromSupport: false });
    expect(last.files).toEqual([expect.objectContaining({ name: "show-ticket-sales.pdf", bytes: pdf.byteLength })]);
    const file = await admin.send("GET", `/api/admin/cases/${id}/files/${last.files[0].id}`, undefined);
    expect(file.status).toBe(200);
    expect(file.text).toBe("%PDF-1.4 invoice from the playlist curator");
    expect(file.headers.get("content-disposition")).toContain("attachment");

    // A later report restating the flagged month: the hold follows the lines.
    await importRows("september-restated.csv", [row("2026-09-10", "Spotify", flagged, "120.00")]);
    const restated = await sum(
      server,
      sql`${lineOf(flagged, "Spotify", "2026-09-01")} and e.kind in ('earning', 'recoupment')`,
    );
    expect(restated).toBe(11_600);
    expect(await sum(server, sql`e.kind = 'hold' and e.case_id = ${id}`)).toBe(-restated);

    // Dismissed: the holds are released in this month's statement, and we carry the store's fee.
    const decided = await admin.post(`/api/admin/cases/${id}/decision`, {
      outcome: "dismissed",
      reason: "The listeners match the artist's own show and fan base.",
    });
    expect(decided.status).toBe(200);
    expect(decided.body.case.status).toBe("dismissed");
    expect(decided.body.money).toMatchObject({ heldPaise: 0, releasedPaise: restated, reversedPaise: 0, feePaise: 0 });
    const after = await balance();
    expect(after.heldInCasesPaise).toBe(0);
    expect((await admin.get("/api/admin/royalties/reconciliation")).body.findings).toEqual([]);
    expect(after.availablePaise).toBe(
      await sum(server, sql`e.user_id = ${owner.id} and e.kind in ('earning', 'recoupment')`),
    );
    const thisMonth = (await owner.client.get(`/api/royalties/statements/${todayIst().slice(0, 7)}`)).body;
    expect(thisMonth.releasedFromHoldPaise).toBe(restated);
    expect(thisMonth.caseLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "hold_release", amountPaise: restated, caseReference: caseReference(id) }),
      ]),
    );
    const csv = await owner.client.get(`/api/royalties/statements/${todayIst().slice(0, 7)}/csv`);
    expect(csv.text).toContain(`Released from hold, payable (case ${caseReference(id)}, Spotify)`);

    // Closed: no more answers, and the step is in the audit log.
    const late = await answer(owner.client, id, "One more thing");
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(FRAUD_MESSAGES.closed);
    const log = (await owner.client.get("/api/workspace/audit?kind=case")).body.entries;
    expect(log.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["case.opened", "case.answered", "case.dismissed"]),
    );
  });

  it("upheld reverses the held lines with the reason and takes the release down only at the store that asked; a fee the store reverses is paid back", async () => {
    await baseline();
    const opened = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(other)], fee: "5.50" });
    const id = opened.body.case.id as string;
    const held = opened.body.money.heldPaise as number;
    expect(held).toBe(5600);
    // Every store has received the release (as their acknowledgements would say).
    await server.database.db.execute(sql`update deliveries set status = 'acknowledged' where release_id = ${other.id}`);
    const before = await balance();

    const refused = await admin.post(`/api/admin/cases/${id}/decision`, {
      outcome: "upheld",
      reason: "The store's logs show one device.",
      takedown: "all",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(FRAUD_MESSAGES.allNeedsReason);

    const decided = await admin.post(`/api/admin/cases/${id}/decision`, {
      outcome: "upheld",
      reason: "The store's logs show one device played the track all night.",
      takedown: "store",
    });
    expect(decided.status).toBe(200);
    expect(decided.body.money).toMatchObject({ heldPaise: 0, releasedPaise: held, reversedPaise: held, feePaise: 550 });
    // The balance does not move on the decision: the held money stays off it, now as a reversal.
    expect((await balance()).availablePaise).toBe(before.availablePaise);
    const takedowns = (await server.database.db.execute(
      sql`select store from deliveries where release_id = ${other.id} and kind = 'takedown'`,
    )) as unknown as { rows: { store: string }[] };
    expect(takedowns.rows.map((r) => r.store)).toEqual(["spotify"]);
    const thisMonth = (await owner.client.get(`/api/royalties/statements/${todayIst().slice(0, 7)}`)).body;
    expect(thisMonth.reversedPaise).toBe(held);

    const fee = await admin.post(`/api/admin/cases/${id}/fee-reversal`);
    expect(fee.status).toBe(200);
    expect(fee.body.money.feePaise).toBe(0);
    expect((await balance()).availablePaise).toBe(before.availablePaise + 550);
    expect((await admin.post(`/api/admin/cases/${id}/fee-reversal`)).status).toBe(409);
  });

  it("partly upheld: the tracks named are reversed, the others released", async () => {
    await baseline();
    const opened = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(flagged), isrc(other)] });
    expect(opened.status).toBe(201);
    const id = opened.body.case.id as string;
    const decided = await admin.post(`/api/admin/cases/${id}/decision`, {
      outcome: "partly_upheld",
      reason: "Only the second track's streams came from the flagged accounts.",
      upheldIsrcs: [isrc(other)],
    });
    expect(decided.status).toBe(200);
    expect(decided.body.tracks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ isrc: isrc(flagged), outcome: "dismissed" }),
        expect.objectContaining({ isrc: isrc(other), outcome: "upheld" }),
      ]),
    );
    expect(decided.body.money).toMatchObject({ heldPaise: 0, releasedPaise: 10_000 + 5600, reversedPaise: 5600 });
    expect(await sum(server, sql`e.case_id = ${id} and e.kind = 'reversal' and e.release_id = ${other.id}`)).toBe(
      -5600,
    );
    expect(await sum(server, sql`e.case_id = ${id} and e.kind = 'reversal' and e.release_id = ${flagged.id}`)).toBe(0);
  });

  it("refuses bad notices and changes nothing: an ISRC we do not distribute, one never delivered, overlapping notices, bad months", async () => {
    await baseline();
    const count = async () =>
      Number(
        (
          (await server.database.db.execute(sql`select count(*)::int as n from fraud_cases`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const unknown = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: ["QZZZZ2699999"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(FRAUD_MESSAGES.unknownIsrc(["QZZZZ2699999"]));
    const pending = await createRelease(owner.client, {
      title: "Not yet out",
      tracks: [{ title: "x", isrc: "INABC2610077" }],
    });
    expect(pending.id).toBeTruthy();
    const undelivered = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: ["INABC2610077"] });
    expect(undelivered.status).toBe(400);
    const months = await admin.post("/api/admin/cases", {
      ...NOTICE,
      isrcs: [isrc(flagged)],
      periodFrom: "2026-10",
      periodTo: "2026-09",
    });
    expect(months.status).toBe(400);
    const noTracks = await admin.post("/api/admin/cases", { ...NOTICE });
    expect(noTracks.status).toBe(400);
    expect(await count()).toBe(0);

    const first = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(flagged)], periodTo: "2026-10" });
    expect(first.status).toBe(201);
    const held = await sum(server, sql`e.kind = 'hold'`);
    const overlap = await admin.post("/api/admin/cases", { ...NOTICE, store: "spotify", isrcs: [isrc(flagged)] });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toBe(FRAUD_MESSAGES.overlap(caseReference(first.body.case.id)));
    expect(await count()).toBe(1);
    expect(await sum(server, sql`e.kind = 'hold'`)).toBe(held);
    // The same track at another store is another store's notice.
    expect(
      (await admin.post("/api/admin/cases", { ...NOTICE, store: "JioSaavn", isrcs: [isrc(flagged)] })).status,
    ).toBe(201);
  });

  it("keeps another workspace's case from everyone else, and refuses files of the wrong kind or size", async () => {
    await baseline();
    const opened = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(flagged)] });
    const id = opened.body.case.id as string;
    const stranger = await createArtist(server, "Stranger");
    expect((await stranger.client.get(`/api/cases/${id}`)).status).toBe(404);
    expect((await answer(stranger.client, id, "Not mine")).status).toBe(404);
    expect((await stranger.client.get("/api/cases")).body.cases).toEqual([]);
    expect((await owner.client.get(`/api/admin/cases/${id}`)).status).toBe(403);

    const exe = await answer(owner.client, id, "See attached", {
      name: "evidence.exe",
      type: "application/x-msdownload",
      bytes: new Uint8Array([77, 90]),
    });
    expect(exe.status).toBe(400);
    expect(exe.body.error.message).toBe(FRAUD_MESSAGES.fileType);
    const big = await answer(owner.client, id, "See attached", {
      name: "huge.pdf",
      type: "application/pdf",
      bytes: new Uint8Array(5 * 1024 * 1024 + 1),
    });
    expect([413]).toContain(big.status);
    expect((await answer(owner.client, id, "   ")).status).toBe(400);
    const nul = await answer(owner.client, id, "before\u0000after");
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("INVALID_TEXT");
    const thread = (await owner.client.get(`/api/cases/${id}`)).body.messages;
    expect(thread).toHaveLength(1);
  });

  it("shows a case past its deadline as overdue to the admins, on the dashboard and in the list", async () => {
    await baseline();
    const opened = await admin.post("/api/admin/cases", { ...NOTICE, isrcs: [isrc(flagged)] });
    const id = opened.body.case.id as string;
    expect((await admin.get("/api/admin/summary")).body.queues).toMatchObject({ openCases: 1, overdueCases: 0 });
    await server.database.db.execute(
      sql`update fraud_cases set deadline = ${addDays(todayIst(), -1)}::date where id = ${id}`,
    );
    expect((await admin.get("/api/admin/summary")).body.queues).toMatchObject({ openCases: 1, overdueCases: 1 });
    const overdue = await admin.get("/api/admin/cases?overdue=true");
    expect(overdue.body.cases).toEqual([expect.objectContaining({ id, overdue: true, daysLeft: -1 })]);
    expect((await owner.client.get(`/api/cases/${id}`)).body.case.overdue).toBe(true);
  });

  it("holds exactly the disputed lines whatever the figures, and a dismissal gives every paisa back (property)", async () => {
    const stores = ["Spotify", "JioSaavn", "Gaana"];
    const months = ["2026-08", "2026-09"];
    const figures = fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 12, maxLength: 12 });
    const target = fc.record({
      track: fc.integer({ min: 0, max: 1 }),
      store: fc.constantFrom(...stores),
      month: fc.constantFrom(...months),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(figures, target, async (paise, t) => {
        run += 1;
        // A run that failed midway (as shrinking makes them) leaves its case open: decide it first.
        for (const open of (await admin.get("/api/admin/cases?status=open")).body.cases as { id: string }[])
          await admin.post(`/api/admin/cases/${open.id}/decision`, {
            outcome: "dismissed",
            reason: "Cleared before the next run.",
          });
        // Every track × store × month gets a figure (a later report restates the earlier one's days).
        const rows: string[] = [];
        let i = 0;
        for (const release of [flagged, other])
          for (const store of stores)
            for (const month of months) {
              const p = paise[i++] ?? 0;
              rows.push(
                row(`${month}-15`, store, release, `${Math.floor(p / 100)}.${String(p % 100).padStart(2, "0")}`),
              );
            }
        // A row of its own per run: the same figures twice (as shrinking tries) are still a new file.
        rows.push(row("2026-07-01", "Gaana", other, "0.00", run));
        expect((await importRows(`property-${run}.csv`, rows)).status).toBe("completed");
        const release = t.track === 0 ? flagged : other;
        const total = await sum(server, sql`e.user_id = ${owner.id}`);
        const disputed = await sum(
          server,
          sql`${lineOf(release, t.store, `${t.month}-01`)} and e.kind in ('earning', 'recoupment')`,
        );
        const opened = await admin.post("/api/admin/cases", {
          ...NOTICE,
          store: t.store,
          periodFrom: t.month,
          periodTo: t.month,
          isrcs: [isrc(release)],
        });
        expect(opened.status).toBe(201);
        const id = opened.body.case.id as string;
        expect(await sum(server, sql`e.case_id = ${id}`)).toBe(0 - disputed);
        expect(await sum(server, sql`e.user_id = ${owner.id}`)).toBe(total - disputed);
        expect((await balance()).availablePaise).toBe(total - disputed);
        await admin.post(`/api/admin/cases/${id}/decision`, {
          outcome: "dismissed",
          reason: "Ordinary listening, property run.",
        });
        expect(await sum(server, sql`e.case_id = ${id}`)).toBe(0);
        expect(await sum(server, sql`e.user_id = ${owner.id}`)).toBe(total);
        expect(
          await sum(
            server,
            sql`e.case_id = ${id} and e.month = ${monthOf(todayIst())}::date and e.kind = 'hold_release'`,
          ),
        ).toBe(disputed);
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it("warns of a planted bot pattern after an import (the artist with the figures, the admins in a queue), not of ordinary listening, and holds nothing", async () => {
    const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
    const steady = (release: Release, from: string, n: number, perDay: number) =>
      days(from, n).flatMap((d) => [
        row(d, "Spotify", release, "4.00", Math.round(perDay * 0.7)),
        row(d, "JioSaavn", release, "2.00", Math.round(perDay * 0.3)),
      ]);
    await importRows("august.csv", [
      ...steady(flagged, "2026-08-01", 31, 400),
      ...steady(other, "2026-08-01", 31, 400),
    ]);
    await server.jobs.drain();
    expect((await owner.client.get("/api/cases")).body.warnings).toEqual([]);

    // September: the second track grows a little; the first gets 60,000 streams from Brazil in one day.
    const september = [
      ...steady(flagged, "2026-09-01", 30, 420),
      row("2026-09-12", "Spotify", flagged, "90.00", 60_000, "BR").replace(/,20000,/, ",400,"),
      ...steady(other, "2026-09-01", 30, 440),
    ];
    await importRows("september.csv", september);
    await server.jobs.drain();
    const warnings = (await owner.client.get("/api/cases")).body.warnings as {
      isrc: string;
      kind: string;
      message: string;
    }[];
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings.map((w) => w.isrc))).toEqual(new Set([isrc(flagged)]));
    expect(warnings.map((w) => w.kind)).toEqual(expect.arrayContaining(["spike", "concentration"]));
    expect(warnings.find((w) => w.kind === "concentration")?.message).toContain("Spotify in BR");
    const mail = (await server.outbox()).find((m) => m.to === owner.email && m.subject.startsWith("Unusual streams"));
    expect(mail?.text).toContain("Did you buy promotion");
    // Nothing is held on a warning alone.
    expect(await sum(server, sql`e.kind = 'hold'`)).toBe(0);

    const queue = (await admin.get("/api/admin/stream-warnings")).body.warnings as { id: string }[];
    expect(queue).toHaveLength(warnings.length);
    expect((await admin.get("/api/admin/summary")).body.queues.streamWarnings).toBe(warnings.length);
    expect((await admin.post(`/api/admin/stream-warnings/${queue[0]?.id}/review`)).status).toBe(200);
    expect((await admin.get("/api/admin/stream-warnings")).body.warnings).toHaveLength(warnings.length - 1);

    // The same figures again (a corrected file for the month) say the same thing once.
    await importRows("september-corrected.csv", [...september, row("2026-09-30", "Gaana", other, "0.01", 1)]);
    await server.jobs.drain();
    expect((await owner.client.get("/api/cases")).body.warnings).toHaveLength(warnings.length);
  });

  it("imports a store's notice file: one case per workspace and notice, fees summed; a file with a bad row opens nothing", async () => {
    await baseline();
    const second = await createArtist(server, "Second Artist");
    const theirs = await createLiveRelease(server, admin, second.client, { title: "Their Song" });
    const header = "store,isrc,upc,period_from,period_to,reason,reference,fee";
    const line = (isrc: string, fee = "5") => `Spotify,${isrc},,2026-09,2026-09,Bot farm traffic,SPX-9,${fee}`;
    const count = async () =>
      Number(
        (
          (await server.database.db.execute(sql`select count(*)::int as n from fraud_cases`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );

    const bad = await admin.post("/api/admin/cases/import", {
      csv: [header, line(isrc(flagged)), line("QZZZZ2699999"), `Spotify,${isrc(other)},,2026-13,2026-09,x,,`].join(
        "\n",
      ),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(FRAUD_MESSAGES.fileRefused(2));
    expect(bad.body.error.details.rows).toEqual([
      { line: 3, reason: FRAUD_MESSAGES.unknownIsrc(["QZZZZ2699999"]) },
      { line: 4, reason: "Give the first month as YYYY-MM." },
    ]);
    const columns = await admin.post("/api/admin/cases/import", { csv: "isrc,period\nINABC2600001,2026-09" });
    expect(columns.status).toBe(400);
    expect(await count()).toBe(0);
    expect(await sum(server, sql`e.kind in ('hold', 'store_fee')`)).toBe(0);

    const imported = await admin.post("/api/admin/cases/import", {
      csv: [header, line(isrc(flagged)), line(isrc(other), "7.50"), line(isrc(theirs))].join("\n"),
    });
    expect(imported.status).toBe(201);
    const cases = imported.body.cases as { workspaceId: string; tracks: number; feePaise: number }[];
    expect(cases.map((c) => [c.workspaceId, c.tracks, c.feePaise]).sort()).toEqual(
      [
        [owner.id, 2, 1250],
        [second.id, 1, 500],
      ].sort(),
    );
    expect((await second.client.get("/api/cases")).body.cases).toHaveLength(1);
    expect((await owner.client.get("/api/cases")).body.cases).toHaveLength(1);
    // The same file again overlaps the cases it opened: refused whole.
    const again = await admin.post("/api/admin/cases/import", {
      csv: [header, line(isrc(flagged)), line(isrc(other), "7.50"), line(isrc(theirs))].join("\n"),
    });
    expect(again.status).toBe(409);
    expect(await count()).toBe(2);
  });
});
