import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { jobs } from "#server/db/schema";
import type { Logger } from "#server/lib/logger";

export type JobKind =
  | "quality-check"
  | "audio-analysis"
  | "delivery"
  | "store-report"
  | "stream-warnings"
  | "webhook"
  | "catalogue-check"
  | "catalogue-import";

/** Kinds that run one at a time, in order: store reports (a later report restates an earlier one). */
const SERIAL_KINDS: readonly JobKind[] = ["store-report"];

/**
 * A job the worker runs; throwing makes it retry later (with backoff) until its attempts run out. The
 * signal is aborted when the worker gives the job up (it ran past its time), so downloads stop.
 */
export type JobHandler = (job: ClaimedJob, signal: AbortSignal) => Promise<void>;

/** The handlers a module registers for the kinds of job it owns. */
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/**
 * Periodic work a module declares (issue 34: an hourly closure and a timer ran beside the queue, in
 * every process): a job kind of its own, run every `everySeconds` by whichever process claims it —
 * once across all processes, since the queue holds one row per scheduled kind.
 */
export interface ScheduledTask {
  kind: string;
  everySeconds: number;
  run(signal: AbortSignal): Promise<void>;
}

/** The `ref` of a scheduled kind's one row. */
export const SCHEDULED_REF = "schedule";

export interface ClaimedJob {
  id: number;
  kind: JobKind | string;
  ref: string;
  attempts: number;
  maxAttempts: number;
}

/**
 * How long a claimed job stays with its worker without news before another may take it. The worker
 * renews it while the job runs (a heartbeat), so a short lease costs nothing; a process killed mid-job
 * (issue 33: SIGKILL left a 40-minute lease and later imports waited) frees it within a minute.
 */
const DEFAULT_LEASE_SECONDS = 60;
/** How long one run may take before the worker gives it up, separate from the lease. */
const DEFAULT_TIMEOUT_SECONDS = 2400;

/**
 * Adds a job, inside the caller's transaction when given one, so the job exists exactly when the change
 * does. `ownerOf` names the release whose owner the work is for, so one owner cannot take every slot.
 */
export async function enqueueJob(
  db: Pick<Db, "insert">,
  kind: JobKind,
  ref: string,
  opts: { maxAttempts?: number; ownerOf?: string } = {},
): Promise<void> {
  const ownerId: SQL | null = opts.ownerOf ? sql`(select user_id from releases where id = ${opts.ownerOf})` : null;
  await db.insert(jobs).values({ kind, ref, maxAttempts: opts.maxAttempts ?? 5, ownerId });
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
  /** Finishes the jobs in hand (for a while) and stops. */
  stop(): Promise<void>;
}

/** A claimed job and the lease token that proves it is still ours. */
type Claim = ClaimedJob & { token: string };

/**
 * Workers over the `jobs` table: `concurrency` jobs at once in this process. Claiming is one statement
 * (FOR UPDATE SKIP LOCKED with a lease), so several server processes can share one database without
 * taking the same job. Fair between owners: a job of an owner with fewer jobs running goes first, no
 * owner holds more than half the slots, and the last free slot waits for an owner with nothing running,
 * so neither one artist's slow links nor two artists' can stall everyone else's
 * checks and deliveries. A job runs at most `timeoutSeconds`; then it is given up (its signal aborted)
 * and queued again at once for any slot to take over. A running job's lease is renewed by its worker;
 * a job whose worker died or froze is taken over when the lease runs out, unless that was its last
 * attempt: then it fails. Only the holder of the current lease may record a job's outcome.
 */
export function createJobWorker(opts: {
  db: Db;
  logger: Logger;
  /** The kinds this worker runs; jobs of other kinds are left for a worker that has them. */
  handlers: JobHandlers;
  pollMs?: number;
  leaseSeconds?: number;
  /** How long one run may take before this worker gives it up. */
  timeoutSeconds?: number;
  /** Renew a running job's lease (off only to stand for a frozen process in tests). */
  heartbeat?: boolean;
  concurrency?: number;
  /** The modules' periodic work. */
  schedule?: readonly ScheduledTask[];
  /**
   * Whether this worker puts the scheduled kinds on the queue (default: when it polls). Tests that
   * drain by hand leave them off, so a drain runs only what the test queued.
   */
  runSchedule?: boolean;
  /**
   * Called when a queued (not scheduled) job has run to the end: this process changed data, so its
   * read cache reads its own writes at once (decision 040) instead of waiting for the notification.
   */
  onJobDone?: () => void;
}): JobWorker {
  const { db, logger } = opts;
  // The queue's own upkeep is scheduled like any module's: finished jobs are kept a week, then dropped.
  const schedule: ScheduledTask[] = [
    {
      kind: "queue-cleanup",
      everySeconds: 3600,
      run: async () => {
        await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
      },
    },
    ...(opts.schedule ?? []),
  ];
  const every = new Map(schedule.map((t) => [t.kind, t.everySeconds]));
  const handlers: Record<string, JobHandler | undefined> = { ...opts.handlers };
  for (const task of schedule) handlers[task.kind] = (_job, signal) => task.run(signal);
  const runSchedule = opts.runSchedule ?? (opts.pollMs ?? 2000) > 0;
  const leaseSeconds = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const timeoutMs = (opts.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const heartbeatMs = opts.heartbeat === false ? 0 : Math.max(250, (leaseSeconds * 1000) / 3);
  const concurrency = opts.concurrency ?? 4;
  const perOwner = Math.max(1, Math.floor(concurrency / 2));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const active = new Set<Promise<void>>();
  let pumping: Promise<void> | undefined;
  let again = false;

  const busy = sql`(select count(*) from jobs r
    where r.owner_id = j.owner_id and r.status = 'running' and r.locked_until >= now())`;

  const kinds = sql.join(
    Object.keys(handlers).map((k) => sql`${k}`),
    sql`, `,
  );
  const serial = sql.join(
    SERIAL_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );

  /**
   * `lastSlot`: this is the process's last free slot. It is kept for work nobody owns or for an owner
   * with nothing running (issue 33: two owners with two slow jobs each held all four slots, and another
   * artist's check waited 40 minutes), so a newcomer never waits behind anyone's second job.
   */
  async function claim(lastSlot: boolean): Promise<Claim | undefined> {
    // A one-off job whose lease ran out on its last attempt is not taken over again: its process
    // stopped under it each time, and a takeover would be an attempt past its limit (a job that always
    // outlives its server would run for ever). It fails, saying so. A scheduled kind's row keeps its turns.
    const result = await db.execute(sql`
      with outlived as (
        update jobs set status = 'failed', finished_at = now(), locked_until = null, lease_token = null,
          last_error = 'Its process stopped during its last attempt (' || attempts || ' of ' || max_attempts || ').'
        where status = 'running' and locked_until < now() and attempts >= max_attempts and ref <> ${SCHEDULED_REF}
      )
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds}), lease_token = gen_random_uuid()
      where id = (
        select j.id from jobs j
        where ((j.status = 'queued' and j.run_at <= now())
            or (j.status = 'running' and j.locked_until < now()
              and (j.attempts < j.max_attempts or j.ref = ${SCHEDULED_REF})))
          and j.kind in (${kinds})
          and (j.owner_id is null or ${busy} < ${perOwner})
          and (j.owner_id is null or ${!lastSlot} or ${busy} = 0)
          and (j.kind not in (${serial}) or not exists (
            select 1 from jobs s where s.kind = j.kind and s.id <> j.id and s.status = 'running' and s.locked_until >= now()))
        order by (case when j.owner_id is null then 0 else ${busy} end), j.run_at, j.id
        limit 1
        for update skip locked
      )
      returning id, kind, ref, attempts, max_attempts, lease_token`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      ref: String(row.ref),
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      token: String(row.lease_token),
    };
  }

  class GaveUp extends Error {}

  async function run(job: Claim): Promise<void> {
    const handler = handlers[job.kind];
    const controller = new AbortController();
    let deadline: NodeJS.Timeout | undefined;
    const overdue = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        controller.abort();
        reject(new GaveUp(`gave up after ${Math.round(timeoutMs / 1000)} s; queued again`));
      }, timeoutMs);
      deadline.unref();
    });
    const { token, ...claimed } = job;
    const ours = sql`id = ${job.id} and lease_token = ${token}`;
    // While it runs, the job's lease is renewed; a renewal that fails (database away) is tried again.
    const heartbeat = heartbeatMs
      ? setInterval(() => {
          db.execute(
            sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}) where ${ours}`,
          ).catch((err) => logger.warn({ err, job: claimed }, "could not renew a job's lease"));
        }, heartbeatMs)
      : undefined;
    heartbeat?.unref();
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await Promise.race([handler(claimed, controller.signal), overdue]);
      const period = every.get(job.kind);
      if (period === undefined) {
        await db.execute(sql`update jobs set status = 'done', finished_at = now(), last_error = null where ${ours}`);
        opts.onJobDone?.();
      }
      // A scheduled kind's one row waits for its next turn.
      else await requeue(ours, period, null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const period = every.get(job.kind);
      if (period !== undefined) {
        logger.warn({ job: claimed, err: message }, "scheduled job failed; it runs again at its next turn");
        await requeue(ours, Math.min(period, jobRetryDelay(job.attempts)), message);
        return;
      }
      const giveUp = job.attempts >= job.maxAttempts;
      logger.warn({ job: claimed, err: message, giveUp }, "job failed");
      // Given up for time: any free slot takes it over now (its attempt still counts).
      const delay = err instanceof GaveUp ? 0 : jobRetryDelay(job.attempts);
      await db.execute(sql`
        update jobs set
          status = ${giveUp ? "failed" : "queued"},
          run_at = now() + make_interval(secs => ${delay}),
          locked_until = null,
          lease_token = null,
          last_error = ${message.slice(0, 2000)},
          finished_at = ${giveUp ? sql`now()` : null}
        where ${ours}`);
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
    }
  }

  /** Puts a scheduled kind's row back in the queue, due in `seconds`. */
  async function requeue(ours: SQL, seconds: number, error: string | null) {
    await db.execute(sql`
      update jobs set status = 'queued', run_at = now() + make_interval(secs => ${seconds}), attempts = 0,
        locked_until = null, lease_token = null, last_error = ${error?.slice(0, 2000) ?? null}, finished_at = now()
      where ${ours}`);
  }

  /** Makes sure each scheduled kind has its row (a unique index keeps it to one across processes). */
  let scheduledAt = 0;
  async function ensureSchedule() {
    if (!runSchedule || Date.now() - scheduledAt < 60_000) return;
    scheduledAt = Date.now();
    const rows = sql.join(
      schedule.map((t) => sql`(${t.kind}, ${SCHEDULED_REF})`),
      sql`, `,
    );
    await db.execute(sql`insert into jobs (kind, ref) values ${rows} on conflict do nothing`);
  }

  /** Fills free slots with runnable jobs; each finished job looks for the next. */
  function pump() {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      try {
        await ensureSchedule();
        do {
          again = false;
          while (!stopped && active.size < concurrency) {
            const job = await claim(concurrency > 1 && active.size === concurrency - 1);
            if (!job) break;
            const running: Promise<void> = run(job)
              .catch((err) => logger.error({ err }, "job worker could not record a job's outcome"))
              .finally(() => {
                active.delete(running);
                pump();
              });
            active.add(running);
          }
        } while (again && !stopped);
      } catch (err) {
        // The database being away is not a reason to crash: the next poll tries again.
        logger.error({ err }, "job worker could not reach the database");
      }
    })().finally(() => {
      pumping = undefined;
    });
  }

  const pollMs = opts.pollMs ?? 2000;
  if (pollMs > 0) {
    timer = setInterval(pump, pollMs);
    timer.unref();
  }

  return {
    kick: pump,
    async drain() {
      for (;;) {
        pump();
        while (pumping) await pumping;
        if (!active.size) return;
        await Promise.all([...active]);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      // A long download is not worth holding a shutdown for: its lease runs out and another worker retries it.
      await Promise.race([
        Promise.all([pumping, ...active]),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
    },
  };
}
