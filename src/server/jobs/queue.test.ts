import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, releases, tracks } from "#server/db/schema";
import { createLogger } from "#server/lib/logger";
import { createMediaStore } from "#server/media/media-store";
import { sweepMedia } from "#server/media/media-usage";
import { createArtist, validRelease } from "#server/test/factories";
import { goodMedia, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { createTestDatabase } from "#server/test/test-database";
import { startTestServer, type TestServer } from "#server/test/test-server";
import { createJobWorker, enqueueJob } from "./queue";

/** A file host that answers at once and then sends one byte every `everyMs`, for ever. */
async function startDripServer(everyMs: number) {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "audio/wav" });
    const timer = setInterval(() => res.write("x"), everyMs);
    timers.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const until = async (what: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

describe("a slow link cannot stall anyone else's work", () => {
  let server: TestServer;
  let media: MediaServer;
  let drip: Awaited<ReturnType<typeof startDripServer>>;

  beforeAll(async () => {
    media = await startMediaServer();
    drip = await startDripServer(500);
    const { audio, artwork } = await goodMedia();
    media.put("/good.wav", audio);
    media.put("/cover.jpg", artwork);
    // Eight seconds of CD audio: about 1.4 MB, over a 1 MB quota.
    media.put("/long.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 8 }));
    // Used by no other test release, so nothing else refers to its stored copy.
    media.put("/unique.wav", wav({ sampleRate: 48_000, bitDepth: 16, channels: 2, seconds: 1 }));
  });
  afterAll(async () => {
    await media?.close();
    await drip?.close();
  });
  beforeEach(async () => {
    server = await startTestServer({
      FETCH_ALLOW_HOSTS: `${media.host},${drip.host}`,
      FETCH_DEADLINE_SECONDS: "4",
      FETCH_MIN_RATE_KBPS: "0",
      JOB_CONCURRENCY: "4",
      MEDIA_QUOTA_MB: "1",
    });
  });
  afterEach(async () => {
    await server?.close();
  });

  const qcStatus = async (id: string) =>
    (await server.database.db.select({ s: releases.qcStatus }).from(releases).where(eq(releases.id, id)))[0]?.s;

  it("drip-fed links hold at most half the workers and stop at the deadline; another artist's check finishes meanwhile", async () => {
    const slow = await createArtist(server, "Slow Links");
    const fast = await createArtist(server, "Fast Links");
    const slowIds: string[] = [];
    for (const title of ["Drip 1", "Drip 2", "Drip 3"]) {
      const created = await slow.client.post(
        "/api/releases",
        validRelease({ title, audioFileUrl: drip.url(`/${title}.wav`), coverArtUrl: media.url("/cover.jpg") }),
      );
      slowIds.push(created.body.release.id);
    }
    // The slow artist's checks are downloading; one of theirs waits although a slot is free.
    expect(
      await until(
        async () => (await Promise.all(slowIds.map(qcStatus))).filter((s) => s === "running").length === 2,
        3000,
      ),
    ).toBe(true);
    const started = Date.now();
    const created = await fast.client.post(
      "/api/releases",
      validRelease({ title: "Quick", audioFileUrl: media.url("/good.wav"), coverArtUrl: media.url("/cover.jpg") }),
    );
    const quick = created.body.release.id as string;
    expect(await until(async () => (await qcStatus(quick)) === "done", 3000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    const runningSlow = await server.database.db.execute(
      sql`select count(*)::int as n from jobs where owner_id = ${slow.id} and status = 'running'`,
    );
    expect((runningSlow as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeLessThanOrEqual(2);

    // Each drip-fed download ends at its deadline with a finding the artist can act on.
    expect(await until(async () => (await Promise.all(slowIds.map(qcStatus))).every((s) => s === "done"), 15_000)).toBe(
      true,
    );
    const detail = await slow.client.get(`/api/releases/${slowIds[0]}`);
    expect(detail.body.quality.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: "audio.unreachable",
          message: expect.stringContaining("did not finish within 4 seconds"),
        }),
      ]),
    );
  }, 30_000);

  it("refuses media beyond the owner's quota, and the sweeper removes files no release uses", async () => {
    const artist = await createArtist(server, "Quota");
    const big = await artist.client.post(
      "/api/releases",
      validRelease({ title: "Long", audioFileUrl: media.url("/long.wav"), coverArtUrl: media.url("/cover.jpg") }),
    );
    await server.jobs.drain();
    const report = (await artist.client.get(`/api/releases/${big.body.release.id}`)).body.quality;
    expect(report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: "audio.unreachable",
          message: expect.stringContaining("of your 1 MB of storage"),
        }),
      ]),
    );

    const store = createMediaStore(path.join(server.dataDir, "media"), { allowHosts: [], maxBytes: 1, timeoutMs: 1 });
    const audioOf = async (id: string) =>
      (await server.database.db.select().from(tracks).where(eq(tracks.releaseId, id)))[0]?.audioSha256 as string;
    // A withdrawn release's files go; the ones a release still uses stay.
    const first = await artist.client.post(
      "/api/releases",
      validRelease({ title: "First", audioFileUrl: media.url("/unique.wav"), coverArtUrl: media.url("/cover.jpg") }),
    );
    const second = await artist.client.post(
      "/api/releases",
      validRelease({ title: "Second", audioFileUrl: media.url("/unique.wav"), coverArtUrl: media.url("/cover.jpg") }),
    );
    await server.jobs.drain();
    const sha = await audioOf(first.body.release.id);
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    await artist.client.request("DELETE", `/api/releases/${first.body.release.id}`);
    await sweepMedia(server.database.db, store, 0);
    expect(await store.has(sha)).toBe(true);
    await artist.client.request("DELETE", `/api/releases/${second.body.release.id}`);
    const swept = await sweepMedia(server.database.db, store, 0);
    expect(swept.removed).toContain(sha);
    expect(await store.has(sha)).toBe(false);
    // Abandoned partial downloads go too.
    const partial = path.join(server.dataDir, "media", "tmp", "partial");
    await fs.writeFile(partial, "x");
    // Written a minute ago: a file stamped within the current millisecond is not yet older than "now".
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await fs.utimes(partial, aMinuteAgo, aMinuteAgo);
    expect((await sweepMedia(server.database.db, store, 0)).removed).toContain("partial");
  }, 30_000);
});
describe("the job worker", () => {
  it("two owners with many slow jobs never hold the last slot: a third owner's job starts at once", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      for (const owner of ["owner-a", "owner-b"]) {
        for (let i = 0; i < 3; i++) {
          await enqueueJob(db, "quality-check", `${owner}-${i}`);
          await db.execute(sql`update jobs set owner_id = ${owner} where ref = ${`${owner}-${i}`}`);
        }
      }
      const started: string[] = [];
      let finish: () => void = () => {};
      const blocked = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        concurrency: 4,
        handlers: {
          "quality-check": async (job) => {
            started.push(job.ref);
            if (job.ref !== "owner-c-0") await blocked;
          },
          delivery: async () => {},
        },
      });
      worker.kick();
      expect(await until(async () => started.length === 3, 5_000)).toBe(true);
      // Two first jobs and one second: the fourth slot is kept free.
      await new Promise((r) => setTimeout(r, 200));
      expect(started).toHaveLength(3);
      await enqueueJob(db, "quality-check", "owner-c-0");
      await db.execute(sql`update jobs set owner_id = 'owner-c' where ref = 'owner-c-0'`);
      worker.kick();
      expect(await until(async () => started.includes("owner-c-0"), 5_000)).toBe(true);
      finish();
      await worker.drain();
      expect(started).toHaveLength(7);
      await worker.stop();
    } finally {
      await dispose();
    }
  }, 20_000);

  it("tells its process when a queued job has run to the end (its read cache then reads its own writes), never for a failure", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      await enqueueJob(db, "quality-check", "fine");
      await enqueueJob(db, "delivery", "broken");
      let done = 0;
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        concurrency: 1,
        onJobDone: () => {
          done += 1;
        },
        handlers: {
          "quality-check": async () => {},
          delivery: async () => {
            throw new Error("store away");
          },
        },
      });
      await worker.drain();
      expect(done).toBe(1);
      await worker.stop();
    } finally {
      await dispose();
    }
  });

  it("gives up a job past its time (aborting its signal) and another slot takes it over at once", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      await enqueueJob(db, "quality-check", "stuck");
      const runs: { attempt: number; signal: AbortSignal }[] = [];
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        leaseSeconds: 30,
        timeoutSeconds: 1,
        concurrency: 2,
        handlers: {
          "quality-check": async (job, signal) => {
            runs.push({ attempt: job.attempts, signal });
            // The first run hangs, ignoring its signal.
            if (job.attempts === 1) await new Promise(() => {});
          },
          delivery: async () => {},
        },
      });
      await worker.drain();
      expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
      expect(runs[0]?.signal.aborted).toBe(true);
      expect(runs[1]?.signal.aborted).toBe(false);
      const [done] = await db.select().from(jobs);
      expect(done).toMatchObject({ status: "done", attempts: 2, lastError: null });
      await worker.stop();
    } finally {
      await dispose();
    }
  }, 20_000);

  it("fails a job whose lease ran out on its last attempt instead of taking it over past its limit", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      await enqueueJob(db, "delivery", "outlived", { maxAttempts: 2 });
      await enqueueJob(db, "delivery", "once more", { maxAttempts: 2 });
      // Both as their process left them when it stopped: running, the lease run out.
      const stopped = { status: "running" as const, lockedUntil: new Date(Date.now() - 5_000) };
      await db
        .update(jobs)
        .set({ ...stopped, attempts: 2 })
        .where(eq(jobs.ref, "outlived"));
      await db
        .update(jobs)
        .set({ ...stopped, attempts: 1 })
        .where(eq(jobs.ref, "once more"));
      const ran: string[] = [];
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        handlers: { delivery: async (job) => void ran.push(job.ref) },
      });
      worker.kick();
      await worker.drain();
      await worker.stop();
      expect(ran).toEqual(["once more"]);
      const byRef = new Map((await db.select().from(jobs)).map((j) => [j.ref, j]));
      expect(byRef.get("once more")).toMatchObject({ status: "done", attempts: 2 });
      expect(byRef.get("outlived")).toMatchObject({
        status: "failed",
        attempts: 2,
        lastError: "Its process stopped during its last attempt (2 of 2).",
      });
    } finally {
      await dispose();
    }
  });

  it("takes over a job whose lease ran out in a slot of the same process; the stale run cannot record an outcome", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      await enqueueJob(db, "delivery", "frozen");
      let releaseFirst: () => void = () => {};
      const attempts: number[] = [];
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        leaseSeconds: 1,
        timeoutSeconds: 60,
        // Frozen: the stuck run renews nothing.
        heartbeat: false,
        concurrency: 2,
        handlers: {
          "quality-check": async () => {},
          delivery: async (job) => {
            attempts.push(job.attempts);
            if (job.attempts === 1) {
              await new Promise<void>((resolve) => (releaseFirst = resolve));
              throw new Error("the stale run failed late");
            }
          },
        },
      });
      worker.kick();
      expect(await until(async () => attempts.length === 1, 2000)).toBe(true);
      await new Promise((r) => setTimeout(r, 1200));
      worker.kick();
      expect(await until(async () => (await db.select().from(jobs))[0]?.status === "done", 3000)).toBe(true);
      expect(attempts).toEqual([1, 2]);
      releaseFirst();
      await worker.drain();
      const [job] = await db.select().from(jobs);
      expect(job).toMatchObject({ status: "done", lastError: null });
      await worker.stop();
    } finally {
      await dispose();
    }
  }, 20_000);

  it("renews a running job's lease, so a live long job is never taken over, and a killed worker's job is within the lease (issue 33)", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      await enqueueJob(db, "store-report", "long");
      const runs: number[] = [];
      const long = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        leaseSeconds: 1,
        handlers: {
          "store-report": async (job) => {
            runs.push(job.attempts);
            await new Promise((r) => setTimeout(r, 3000));
          },
        },
      });
      const other = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 100,
        leaseSeconds: 1,
        handlers: { "store-report": async (job) => void runs.push(job.attempts) },
      });
      long.kick();
      await long.drain();
      await other.stop();
      // Three times its lease, and nobody else took it.
      expect(runs).toEqual([1]);
      const [job] = await db.select().from(jobs).where(eq(jobs.ref, "long"));
      expect(job).toMatchObject({ status: "done", attempts: 1 });

      // A worker killed mid-job leaves the default lease: a minute, not forty.
      await enqueueJob(db, "store-report", "killed");
      let free: () => void = () => {};
      const killed = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        handlers: { "store-report": () => new Promise<void>((resolve) => (free = resolve)) },
      });
      killed.kick();
      expect(
        await until(
          async () => (await db.select().from(jobs).where(eq(jobs.ref, "killed")))[0]?.status === "running",
          3000,
        ),
      ).toBe(true);
      const left = await db.execute(
        sql`select extract(epoch from locked_until - now())::float as s from jobs where ref = 'killed'`,
      );
      const seconds = Number((left as unknown as { rows: { s: number }[] }).rows[0]?.s);
      expect(seconds).toBeGreaterThan(30);
      expect(seconds).toBeLessThanOrEqual(60);
      free();
      await killed.stop();
    } finally {
      await dispose();
    }
  }, 20_000);

  it("runs a scheduled task once across processes per period, again after it, and on after a failure (issue 34)", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      const runs: string[] = [];
      let fail = true;
      // Two "processes" declaring the same schedule over one database.
      const workers = ["a", "b"].map((name) =>
        createJobWorker({
          db,
          logger: createLogger("silent"),
          pollMs: 0,
          runSchedule: true,
          handlers: {},
          schedule: [
            {
              kind: "tick",
              everySeconds: 3600,
              run: async () => {
                runs.push(name);
                if (fail) {
                  fail = false;
                  throw new Error("the first run fails");
                }
              },
            },
          ],
        }),
      );
      await Promise.all(workers.map((w) => w.drain()));
      // The failed first run is due again soon (its retry), not given up.
      const [afterFailure] = await db.select().from(jobs).where(eq(jobs.kind, "tick"));
      expect(afterFailure).toMatchObject({ status: "queued", ref: "schedule", lastError: "the first run fails" });
      expect(runs).toHaveLength(1);
      await db.execute(sql`update jobs set run_at = now() where kind = 'tick'`);
      await Promise.all(workers.map((w) => w.drain()));
      expect(runs).toHaveLength(2);
      // Done for the hour: one row, due an hour on, whichever worker asks.
      const rows = await db.select().from(jobs).where(eq(jobs.kind, "tick"));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe("queued");
      expect((rows[0]?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_500_000);
      await Promise.all(workers.map((w) => w.drain()));
      expect(runs).toHaveLength(2);
      // The queue's own clean-up is scheduled the same way.
      expect((await db.select().from(jobs).where(eq(jobs.kind, "queue-cleanup"))).length).toBe(1);
      await Promise.all(workers.map((w) => w.stop()));
    } finally {
      await dispose();
    }
  }, 20_000);

  it("runs store reports one at a time, in order, and only the kinds it has handlers for", async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const db = database.db;
      for (const ref of ["r1", "r2", "r3"]) await enqueueJob(db, "store-report", ref);
      await enqueueJob(db, "delivery", "not-mine");
      let running = 0;
      let most = 0;
      const order: string[] = [];
      const worker = createJobWorker({
        db,
        logger: createLogger("silent"),
        pollMs: 0,
        concurrency: 4,
        handlers: {
          "store-report": async (job) => {
            running += 1;
            most = Math.max(most, running);
            order.push(job.ref);
            await new Promise((r) => setTimeout(r, 100));
            running -= 1;
          },
        },
      });
      await worker.drain();
      expect(order).toEqual(["r1", "r2", "r3"]);
      expect(most).toBe(1);
      const left = await db.select().from(jobs).where(eq(jobs.kind, "delivery"));
      expect(left[0]?.status).toBe("queued");
      await worker.stop();
    } finally {
      await dispose();
    }
  }, 20_000);
});
