import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import type { Logger } from "../lib/logger";

export type JobKind = "quality-check" | "delivery";

/** A job the worker runs; throwing makes it retry later (with backoff) until its attempts run out. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface ClaimedJob {
  id: number;
  kind: JobKind;
  ref: string;
  attempts: number;
  maxAttempts: number;
}

/** How long a claimed job stays with its worker before another may take it (the worker died). */
const DEFAULT_LEASE_SECONDS = 300;

/** Adds a job, inside the caller's transaction when given one, so the job exists exactly when the change does. */
export async function enqueueJob(
  db: Pick<Db, "insert">,
  kind: JobKind,
  ref: string,
  opts: { maxAttempts?: number } = {},
): Promise<void> {
  await db.insert(jobs).values({ kind, ref, maxAttempts: opts.maxAttempts ?? 5 });
}

/** Seconds before retry `attempt + 1`: 5 s, 20 s, 80 s, … capped at an hour. */
export function jobRetryDelay(attempt: number): number {
  return Math.min(3600, 5 * 4 ** Math.max(0, attempt - 1));
}

export interface JobWorker {
  /** Look for work now rather than at the next poll. */
  kick(): void;
  /** Runs jobs until none is runnable now (for tests and the seed script). */
  drain(): Promise<void>;
  /** Finishes the job in hand and stops. */
  stop(): Promise<void>;
}

/**
 * One worker loop over the `jobs` table. Claiming is one statement (FOR UPDATE SKIP LOCKED with a
 * lease), so several server processes can run workers on one database without taking the same job.
 */
export function createJobWorker(opts: {
  db: Db;
  logger: Logger;
  handlers: Record<JobKind, JobHandler>;
  pollMs?: number;
  leaseSeconds?: number;
}): JobWorker {
  const { db, logger, handlers } = opts;
  const leaseSeconds = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<ClaimedJob | undefined> {
    const result = await db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where id = (
        select id from jobs
        where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, ref, attempts, max_attempts`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: row.kind as JobKind,
      ref: String(row.ref),
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
      await db.execute(
        sql`update jobs set status = 'done', finished_at = now(), last_error = null where id = ${job.id}`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.maxAttempts;
      logger.warn({ job, err: message, giveUp }, "job failed");
      await db.execute(sql`
        update jobs set
          status = ${giveUp ? "failed" : "queued"},
          run_at = now() + make_interval(secs => ${jobRetryDelay(job.attempts)}),
          locked_until = null,
          last_error = ${message.slice(0, 2000)},
          finished_at = ${giveUp ? sql`now()` : null}
        where id = ${job.id}`);
    }
    return true;
  }

  /** Finished jobs are kept a week for the record, then dropped, so the queue table stays small. */
  let lastCleanup = 0;
  async function cleanUp() {
    if (Date.now() - lastCleanup < 3_600_000) return;
    lastCleanup = Date.now();
    await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
  }

  async function loop(): Promise<void> {
    try {
      await cleanUp();
      while (!stopped && (await runOne())) {
        // keep going while there is work
      }
    } catch (err) {
      // The database being away is not a reason to crash: the next poll tries again.
      logger.error({ err }, "job worker could not reach the database");
    }
  }

  function kick() {
    if (stopped || running) return;
    running = loop().finally(() => {
      running = undefined;
    });
  }

  const pollMs = opts.pollMs ?? 2000;
  if (pollMs > 0) {
    timer = setInterval(kick, pollMs);
    timer.unref();
  }

  return {
    kick,
    async drain() {
      while (running) await running;
      await loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      // A long download is not worth holding a shutdown for: its lease runs out and another worker retries it.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    },
  };
}
