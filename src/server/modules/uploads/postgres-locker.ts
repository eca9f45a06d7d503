// Upload locks shared by every server process on one PostgreSQL (issue 36). tus locks an upload for
// each request that changes it, so two PATCHes can never write into the same file at once and a
// client resuming after a dropped connection takes over from the request still running. tus's own
// MemoryLocker does that inside one process only; behind a load balancer the resumed PATCH may reach
// another process. Here the lock is a PostgreSQL session advisory lock, held on a connection of its
// own for as long as the request runs (a process that dies loses its connection, and with it the
// lock), and "let go" reaches the holder in whichever process it runs through LISTEN/NOTIFY.
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import pg from "pg";

/** The first key of every upload lock: our namespace among the database's advisory locks. */
const NAMESPACE = 0x7475_7301; // "tus" 1
const CHANNEL = "kalrav_upload_lock_release";

export interface PostgresLocker extends Locker {
  /** Releases every connection (server shutdown). */
  close(): Promise<void>;
}

export function createPostgresLocker(
  url: string,
  opts: {
    /** How long a request waits for an upload's lock before answering that it is busy. */
    acquireTimeoutMs?: number;
    /** How often a waiting request tries again. */
    retryMs?: number;
    /** Uploads this process may write at once: each holds one connection while it runs. */
    connections?: number;
  } = {},
): PostgresLocker {
  const timeout = opts.acquireTimeoutMs ?? 30_000;
  const retryMs = opts.retryMs ?? 50;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.connections ?? 20,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: timeout,
  });
  // A held connection that breaks releases its lock on the server; the pool must not crash us.
  pool.on("error", () => {});
  /** The locks this process holds, by upload id, with how to ask their request to stop. */
  const held = new Map<string, RequestRelease>();
  /** Their connections: closing them at shutdown frees the locks even if a request never unlocked. */
  const holding = new Set<pg.PoolClient>();
  let listener: Promise<pg.Client> | null = null;
  const listen = () => {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {
        // Listen again on the next lock: a release asked for meanwhile is retried by its requester.
        listener = null;
      });
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === CHANNEL && message.payload) void held.get(message.payload)?.();
      });
      await client.query(`listen ${CHANNEL}`);
      return client;
    })().catch((err: unknown) => {
      listener = null;
      throw err;
    });
    return listener;
  };

  class PostgresLock implements Lock {
    private client: pg.PoolClient | null = null;
    constructor(private readonly id: string) {}

    async lock(stopSignal: AbortSignal, requestRelease: RequestRelease) {
      await listen();
      const deadline = Date.now() + timeout;
      const client = await pool.connect();
      try {
        for (;;) {
          // hashtext collisions only make two uploads wait for each other, never share a lock.
          const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as ok", [
            NAMESPACE,
            this.id,
          ]);
          if (rows[0]?.ok) {
            this.client = client;
            holding.add(client);
            held.set(this.id, requestRelease);
            return;
          }
          // Whoever holds it, in this process or another, is asked to finish (tus's resume rule).
          await client.query("select pg_notify($1, $2)", [CHANNEL, this.id]);
          if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          await new Promise((resolve) => setTimeout(resolve, retryMs));
        }
      } catch (err) {
        client.release();
        throw err;
      }
    }

    async unlock() {
      const client = this.client;
      if (!client) throw new Error("Releasing an unlocked lock!");
      this.client = null;
      holding.delete(client);
      held.delete(this.id);
      try {
        await client.query("select pg_advisory_unlock($1, hashtext($2))", [NAMESPACE, this.id]);
        client.release();
      } catch (err) {
        // Closing a broken connection frees its locks on the server all the same.
        client.release(err instanceof Error ? err : true);
      }
    }
  }

  return {
    newLock: (id) => new PostgresLock(id),
    async close() {
      for (const client of holding) client.release(true);
      holding.clear();
      const client = await listener?.catch(() => null);
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
