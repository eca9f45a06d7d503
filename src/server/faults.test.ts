import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { createSubscription } from "#server/modules/subscriptions";
import { validRelease } from "#server/test/factories";
import { createProcessDatabase, PROCESS_TESTS, type ServerProcess, startProcess } from "#server/test/processes";
import { startTcpProxy } from "#server/test/tcp-proxy";
import { TestClient } from "#server/test/test-server";

/**
 * Fault tests against real server processes on one PostgreSQL server (TEST_DATABASE_URL): sessions
 * shared between processes, SIGKILL in the middle of a burst of writes, and the database going
 * away under load. Run once, in the first pass (the PostgreSQL pass would only repeat them).
 */
describe.skipIf(!PROCESS_TESTS.enabled)("faults: real processes on one PostgreSQL", () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const processes: ServerProcess[] = [];
  let sql: pg.Client;

  beforeAll(async () => {
    const created = await createProcessDatabase(PROCESS_TESTS.adminUrl, "kalrav_fault");
    databaseUrl = created.url;
    dropDatabase = created.drop;
    // The first process applies the migrations before the others start.
    processes.push(await startProcess(databaseUrl));
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill("SIGKILL");
    await sql?.end();
    await dropDatabase?.();
  });

  async function signedInArtist(server: ServerProcess, name: string) {
    const client = new TestClient(server.url);
    const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomBytes(3).toString("hex")}@example.com`;
    expect((await client.signUp(name, email, "artist-pass")).status).toBe(200);
    expect((await client.signIn(email, "artist-pass")).status).toBe(200);
    return client;
  }

  it("a session from one process works on the other, and signing out on one ends it on both", async () => {
    const [a] = processes as [ServerProcess];
    const b = await startProcess(databaseUrl);
    processes.push(b);
    const onA = await signedInArtist(a, "Shared Session");
    const token = onA.cookie("better-auth.session_token");
    expect(token).toBeTruthy();
    const onB = new TestClient(b.url);
    const cookie = { cookie: `better-auth.session_token=${token}` };
    const seen = await onB.request("GET", "/api/session", undefined, cookie);
    expect(seen.body.user?.name).toBe("Shared Session");
    expect(
      (await onB.request("POST", "/api/tickets", { subject: "From B", description: "works" }, cookie)).status,
    ).toBe(201);
    expect((await onA.get("/api/tickets")).body.tickets.map((t: { subject: string }) => t.subject)).toEqual(["From B"]);
    expect((await onA.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await onB.request("GET", "/api/session", undefined, cookie)).body.user).toBeNull();
  }, 60_000);

  it("SIGKILL during a burst of uploads leaves no half-written release or ticket", async () => {
    const victim = await startProcess(databaseUrl);
    processes.push(victim);
    const artist = await signedInArtist(victim, "Burst Artist");
    const uploads = Array.from({ length: 25 }, (_, i) =>
      artist
        .post(
          "/api/releases",
          validRelease({
            title: `Burst ${i}`,
            releaseType: "album",
            tracks: [1, 2, 3, 4, 5, 6, 7].map((n) => ({
              title: `Song ${n}`,
              audioFileUrl: `https://cdn.example.com/${n}.wav`,
            })),
          }),
        )
        .catch(() => null),
    );
    const tickets = Array.from({ length: 15 }, (_, i) =>
      artist.post("/api/tickets", { subject: `Burst ticket ${i}`, description: "help" }).catch(() => null),
    );
    // Killed as soon as the first upload is answered, while the others are in flight.
    await Promise.race(uploads);
    victim.child.kill("SIGKILL");
    await victim.exited;
    await Promise.all([...uploads, ...tickets]);

    const releases = await sql.query(
      `select r.id, count(t.id)::int as tracks, (select count(*)::int from jobs j where j.kind = 'quality-check' and j.ref = r.id::text) as jobs
       from releases r left join tracks t on t.release_id = r.id
       where r.title like 'Burst %' group by r.id`,
    );
    const settled = await Promise.all(uploads);
    // Some uploads completed before the kill (so the check below looks at real rows) and some did not.
    expect(releases.rows.length).toBeGreaterThan(0);
    expect(settled.filter((r) => r === null || r.status !== 201).length).toBeGreaterThan(0);
    for (const row of releases.rows) expect(row).toMatchObject({ tracks: 7, jobs: 1 });
    const orphans = await sql.query(
      `select count(*)::int as n from support_tickets t
       where t.subject like 'Burst ticket %' and not exists (select 1 from support_ticket_messages m where m.ticket_id = t.id)`,
    );
    expect(orphans.rows[0].n).toBe(0);
  }, 60_000);

  it("SIGKILL during a catalogue import: another process takes it up, and every release is created once", async () => {
    // A short lease, so the import's job is free soon after its process dies.
    const first = await startProcess(databaseUrl, { env: { JOB_LEASE_SECONDS: "2", JOB_POLL_MS: "200" } });
    processes.push(first);
    const label = await signedInArtist(first, "Import Label");
    const workspace = (await label.get("/api/session")).body.user.id as string;
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    await createSubscription(database.db, workspace, "label_plan", "test: a label");
    await database.close();

    const RELEASES = 300;
    const registrant = `INK${randomBytes(1).toString("hex").toUpperCase().slice(0, 1)}Z`;
    const lines = [
      "release_title,release_artist,release_type,release_date,artwork,track_number,track_title,isrc,audio",
    ];
    for (let r = 1; r <= RELEASES; r++)
      for (const t of [1, 2])
        lines.push(
          `Killed Import ${r},Import Artist,single,2027-06-01,http://127.0.0.1:9/c.jpg,${t},Song ${r}.${t},${registrant}26${String(r * 2 + t).padStart(5, "0")},http://127.0.0.1:9/${r}-${t}.wav`,
        );
    const sent = await label.send(
      "POST",
      "/api/catalogue-imports?format=csv&name=killed.csv&ai=no",
      new Uint8Array(Buffer.from(lines.join("\n"))),
      { "content-type": "text/csv" },
    );
    expect(sent.status, sent.text).toBe(202);
    const id = JSON.parse(sent.text).import.id as string;
    const state = async (client: TestClient, headers: Record<string, string> = {}) =>
      (await client.get(`/api/catalogue-imports/${id}`, headers)).body.import as { status: string; imported: number };
    const until = async (check: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 600; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    await until(async () => (await state(label)).status === "checked", "the dry run");
    expect((await label.post(`/api/catalogue-imports/${id}/start`)).status).toBe(202);
    await until(async () => (await state(label)).imported >= 10, "the first releases");
    first.child.kill("SIGKILL");
    await first.exited;
    const atKill = await sql.query("select count(*)::int as n from releases where user_id = $1", [workspace]);
    expect(atKill.rows[0].n).toBeLessThan(RELEASES);

    const second = await startProcess(databaseUrl, { env: { JOB_POLL_MS: "200" } });
    processes.push(second);
    const again = new TestClient(second.url);
    const cookie = { cookie: label.cookieHeader() };
    await until(async () => (await state(again, cookie)).status === "completed", "the import to finish");
    expect((await state(again, cookie)).imported).toBe(RELEASES);
    const created = await sql.query(
      `select count(*)::int as releases, count(distinct r.title)::int as titles,
         (select count(*)::int from tracks t join releases x on x.id = t.release_id where x.user_id = $1) as tracks,
         (select count(distinct t.isrc)::int from tracks t join releases x on x.id = t.release_id where x.user_id = $1) as isrcs
       from releases r where r.user_id = $1`,
      [workspace],
    );
    expect(created.rows[0]).toEqual({
      releases: RELEASES,
      titles: RELEASES,
      tracks: RELEASES * 2,
      isrcs: RELEASES * 2,
    });
    second.child.kill("SIGKILL");
  }, 120_000);

  it("the database going away under load gives clean 503s, and the server recovers by itself", async () => {
    const target = new URL(databaseUrl);
    // In front of PostgreSQL: cutting every connection and refusing new ones is a database restart.
    const proxy = await startTcpProxy(() => ({ host: target.hostname, port: Number(target.port || 5432) }));
    const viaProxy = new URL(databaseUrl);
    viaProxy.port = String(proxy.port);
    const server = await startProcess(viaProxy.toString());
    processes.push(server);
    const artist = await signedInArtist(server, "Outage Artist");
    expect((await artist.get("/api/releases")).status).toBe(200);

    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const res = await artist.get("/api/releases").catch(() => ({ status: 0 }));
        statuses.push(res.status);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    proxy.stop();
    await new Promise((r) => setTimeout(r, 2500));
    const during = statuses.length;
    proxy.start();
    // Recovery without restarting the server: requests succeed again.
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      await new Promise((r) => setTimeout(r, 200));
      recovered = statuses.slice(-3).length === 3 && statuses.slice(-3).every((s) => s === 200);
    }
    running = false;
    await load;
    await proxy.close();
    const outage = statuses.slice(0, during).filter((s) => s !== 200);
    expect(outage.length).toBeGreaterThan(0);
    expect(new Set(outage)).toEqual(new Set([503]));
    expect(recovered).toBe(true);
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGKILL");
  }, 60_000);
});
