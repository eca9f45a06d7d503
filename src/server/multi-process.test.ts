import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ERRORS } from "@tus/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresLocker } from "#server/modules/uploads";
import { freePort } from "#server/test/free-port";
import { wav } from "#server/test/media-fixtures";
import {
  createProcessDatabase,
  PROCESS_ADMIN,
  PROCESS_TESTS,
  type ServerProcess,
  startProcess,
} from "#server/test/processes";
import { TestClient } from "#server/test/test-server";
import { TUS, tusMetadata } from "#server/test/tus";

/**
 * Issue 36: two real server processes on one PostgreSQL, as behind a load balancer, sharing a disk
 * for uploads. What must be shared is: upload locks, jobs, sessions and roles, rate limits. Run once,
 * in the first pass (TEST_DATABASE_URL set): the PostgreSQL pass would only repeat it.
 */

describe.skipIf(!PROCESS_TESTS.enabled)("two server processes on one PostgreSQL (issue 36)", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string;

  beforeAll(async () => {
    const created = await createProcessDatabase(PROCESS_TESTS.adminUrl, "kalrav_processes");
    databaseUrl = created.url;
    drop = created.drop;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-processes-"));
    // The first applies the migrations; the second starts on the migrated database.
    const env = { SIGN_IN_ACCOUNT_ATTEMPTS: "4", SIGN_IN_LOCK_SECONDS: "60" };
    a = await startProcess(databaseUrl, { dataDir, env });
    b = await startProcess(databaseUrl, { dataDir, env });
  }, 90_000);

  afterAll(async () => {
    for (const p of [a, b]) p?.child.kill("SIGKILL");
    await Promise.all([a?.exited, b?.exited]);
    await drop?.();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A signed-up person, as seen from each process (one session, sent to either). */
  async function person(name: string) {
    const onA = new TestClient(a.url);
    const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomBytes(3).toString("hex")}@example.com`;
    expect((await onA.signUp(name, email, "person-pass")).status).toBe(200);
    expect((await onA.signIn(email, "person-pass")).status).toBe(200);
    // The same browser through the load balancer: its cookies (session, active workspace) as they are now.
    const onB = new TestClient(b.url);
    const toB = (method: string, p: string, body?: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
      onB.send(method, p, body, { ...headers, cookie: onA.cookieHeader() });
    const getOnB = (p: string) => onB.request("GET", p, undefined, { cookie: onA.cookieHeader() });
    const postOnB = (p: string, body: unknown) => onB.request("POST", p, body, { cookie: onA.cookieHeader() });
    return { email, onA, toB, getOnB, postOnB };
  }

  /** A single whose files are never fetched (its check fails at once): what submitting needs. */
  const releaseBody = (title: string, artistName: string) => ({
    title,
    artistName,
    releaseType: "single",
    releaseDate: "2030-01-01",
    genre: "Pop",
    aiUsed: "no",
    audioFileUrl: "http://127.0.0.1:9/none.wav",
    coverArtUrl: "http://127.0.0.1:9/none.jpg",
  });

  it("an upload started on one process resumes on the other, and the file is whole", async () => {
    const artist = await person("Upload Artist");
    const bytes = wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 2 });
    const created = await artist.onA.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-length": String(bytes.length),
      "upload-metadata": tusMetadata({ kind: "audio", filetype: "audio/wav", filename: "song.wav" }),
    });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get("location") as string;
    const half = Math.floor(bytes.length / 2);
    const patch = { ...TUS, "content-type": "application/offset+octet-stream" };
    const first = await artist.onA.send("PATCH", location, bytes.slice(0, half), { ...patch, "upload-offset": "0" });
    expect(first.status, first.text).toBe(204);
    // The load balancer sends the rest to the other process.
    const head = await artist.toB("HEAD", location, undefined, TUS);
    expect(head.headers.get("upload-offset")).toBe(String(half));
    const rest = await artist.toB("PATCH", location, bytes.slice(half), { ...patch, "upload-offset": String(half) });
    expect(rest.status, rest.text).toBe(204);
    const id = location.split("/").at(-1);
    const check = await artist.getOnB(`/api/uploads/${id}/check`);
    expect(check.body.upload).toMatchObject({ finished: true, sizeBytes: bytes.length });
    expect(check.body.upload.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  }, 60_000);

  it("one upload's lock is held across processes: another process's request asks the holder to let go, and waits for it", async () => {
    // Two lockers as two processes hold them, each with its own connections.
    const lockerA = createPostgresLocker(databaseUrl, { acquireTimeoutMs: 2_000 });
    const lockerB = createPostgresLocker(databaseUrl, { acquireTimeoutMs: 2_000 });
    try {
      const id = `upload-${randomBytes(4).toString("hex")}`;
      const onA = lockerA.newLock(id);
      const asked: string[] = [];
      await onA.lock(new AbortController().signal, () => {
        asked.push("release");
      });
      // B cannot have it while A holds it, however often it asks.
      const onB = lockerB.newLock(id);
      await expect(onB.lock(new AbortController().signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      expect(asked.length).toBeGreaterThan(0);
      // When A's request stops on being asked, B takes over.
      const onA2 = lockerA.newLock(`${id}-other`);
      await onA2.lock(new AbortController().signal, () => {});
      const released = lockerB.newLock(id).lock(new AbortController().signal, () => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      await onA.unlock();
      await expect(released).resolves.toBeUndefined();
      // Closing a locker frees what it still holds (here B's lock, never unlocked).
      // Another upload's lock was never in the way.
      await onA2.unlock();
    } finally {
      await lockerA.close();
      await lockerB.close();
    }
  }, 30_000);

  it("a lock held by a process that died is free again", async () => {
    const id = `upload-${randomBytes(4).toString("hex")}`;
    const dying = new pg.Client({ connectionString: databaseUrl });
    await dying.connect();
    await dying.query("select pg_advisory_lock($1, hashtext($2))", [0x7475_7301, id]);
    const locker = createPostgresLocker(databaseUrl, { acquireTimeoutMs: 3_000 });
    try {
      const waiting = locker.newLock(id).lock(new AbortController().signal, () => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      await dying.end();
      await expect(waiting).resolves.toBeUndefined();
    } finally {
      await locker.close();
    }
  }, 30_000);

  it("a PATCH waits while another process writes the same upload, after asking it to let go", async () => {
    const artist = await person("Busy Upload");
    const bytes = wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 });
    const created = await artist.onA.send("POST", "/api/uploads", undefined, {
      ...TUS,
      "upload-length": String(bytes.length),
      "upload-metadata": tusMetadata({ kind: "audio", filetype: "audio/wav", filename: "busy.wav" }),
    });
    const location = created.headers.get("location") as string;
    const id = location.split("/").at(-1) as string;
    // Another process is in the middle of a PATCH on this upload: it holds the upload's lock.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const asked: string[] = [];
      other.on("notification", (n) => asked.push(n.payload ?? ""));
      await other.query("listen kalrav_upload_lock_release");
      await other.query("select pg_advisory_lock($1, hashtext($2))", [0x7475_7301, id]);
      let answered = false;
      const patch = artist
        .toB("PATCH", location, new Uint8Array(bytes), {
          ...TUS,
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
        })
        .finally(() => {
          answered = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      expect(asked).toContain(id);
      await other.query("select pg_advisory_unlock($1, hashtext($2))", [0x7475_7301, id]);
      expect((await patch).status).toBe(204);
    } finally {
      await other.end();
    }
  }, 30_000);

  it("a process whose port was taken meanwhile starts on another, as the tests' harness needs", async () => {
    // The port a probe found free is taken before the child listens (what failed a CI run).
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const taken = (squatter.address() as net.AddressInfo).port;
    const offered: number[] = [];
    const ports = async () => {
      const port = offered.length === 0 ? taken : await freePort();
      offered.push(port);
      return port;
    };
    try {
      const c = await startProcess(databaseUrl, { dataDir, ports });
      c.child.kill("SIGKILL");
      await c.exited;
      expect(offered).toHaveLength(2);
      expect(c.url).toBe(`http://127.0.0.1:${offered[1]}`);
    } finally {
      squatter.close();
    }
  }, 60_000);

  it("jobs run once: releases submitted to both processes are each checked exactly once", async () => {
    const artist = await person("Jobs Artist");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = releaseBody(`Song ${i}`, "Jobs Artist");
      const res = i % 2 ? await artist.onA.post("/api/releases", body) : await artist.postOnB("/api/releases", body);
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.release.id);
    }
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      // Both workers take from one queue; each check runs once and ends.
      const deadline = Date.now() + 30_000;
      let done: { n: number }[] = [];
      while (Date.now() < deadline) {
        done = (
          await sql.query<{ n: number }>(
            "select count(*)::int as n from releases where id = any($1) and qc_checked_at is not null",
            [ids],
          )
        ).rows;
        if (done[0]?.n === ids.length) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(done[0]?.n).toBe(ids.length);
      const runs = await sql.query<{ attempts: number }>(
        "select attempts from jobs where kind = 'quality-check' and ref = any($1)",
        [ids],
      );
      expect(runs.rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    } finally {
      await sql.end();
    }
  }, 60_000);

  it("a read one process keeps is forgotten when another process changes what it read (decision 040)", async () => {
    const artist = await person("Cache Artist");
    const before = await artist.getOnB("/api/dashboard");
    expect(before.status).toBe(200);
    expect(before.body.recentReleases).toEqual([]);
    // Asked again, B answers from memory; then a release is submitted through A.
    expect((await artist.getOnB("/api/dashboard")).body.recentReleases).toEqual([]);
    const created = await artist.onA.post("/api/releases", releaseBody("Heard Everywhere", "Cache Artist"));
    expect(created.status, created.text).toBe(201);
    // B hears of the change as it commits: its next answers show the release (within a moment, never a minute).
    const deadline = Date.now() + 3_000;
    let titles: string[] = [];
    while (Date.now() < deadline) {
      titles = (await artist.getOnB("/api/dashboard")).body.recentReleases.map((r: { title: string }) => r.title);
      if (titles.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(titles).toEqual(["Heard Everywhere"]);
  }, 30_000);

  it("a role lowered on one process counts on the other within the session cache's lifetime, and sign-in limits count across both", async () => {
    const owner = await person("Label Owner");
    const member = await person("Team Member");
    const invited = await owner.onA.post("/api/workspace/invitations", { email: member.email, role: "manager" });
    expect(invited.status).toBe(201);
    // The invitation is mailed to the outbox on the shared disk; the member follows its link.
    const outbox = path.join(dataDir, "outbox");
    let link = "";
    for (const file of await fs.readdir(outbox)) {
      const mail = JSON.parse(await fs.readFile(path.join(outbox, file), "utf8"));
      if (mail.to === member.email) link = mail.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1] ?? link;
    }
    expect(link).toBeTruthy();
    const joined = await member.onA.post(`/api/workspace-invitations/${link}/accept`);
    expect(joined.status).toBe(200);
    // The manager may submit releases, through either process.
    const asManager = await member.getOnB("/api/releases");
    expect(asManager.status).toBe(200);
    const ownerView = await owner.onA.get("/api/workspace/team");
    const memberId = ownerView.body.members.find((m: { email: string }) => m.email === member.email).userId;
    expect((await owner.onA.request("PATCH", `/api/workspace/members/${memberId}`, { role: "viewer" })).status).toBe(
      200,
    );
    // B may still hold the member's session for up to its cache's lifetime (5 s), never longer.
    const deadline = Date.now() + 7_000;
    let role = "manager";
    while (Date.now() < deadline && role !== "viewer") {
      role = (await member.getOnB("/api/session")).body.user.workspace.role;
      if (role !== "viewer") await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(role).toBe("viewer");

    // Wrong passwords tried on both processes add up to one limit (four from one place), and then even
    // the right one waits, on either process.
    const guesses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new TestClient(i % 2 ? a.url : b.url);
      guesses.push((await client.signIn(PROCESS_ADMIN.email, `wrong-${i}`)).status);
    }
    expect(guesses).toEqual([401, 401, 401, 401]);
    for (const server of [a, b]) {
      const paused = await new TestClient(server.url).signIn(PROCESS_ADMIN.email, PROCESS_ADMIN.password);
      expect(paused.status).toBe(429);
    }
  }, 60_000);
});
