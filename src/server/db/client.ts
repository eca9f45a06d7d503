import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import * as schema from "./schema";
import { StatementCachingClient } from "./statement-cache";

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * How many statements can run at once (the pool's size; embedded PGlite runs one at a time). Work
   * that waits for another connection while holding one needs two.
   */
  connections: number;
  /** PostgreSQL only: where it is, for what needs connections of its own (upload locks). */
  url?: string;
  /** Applies the committed SQL migrations. */
  migrate(): Promise<void>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Loads CSV text (no header), written a batch at a time, into a table with PostgreSQL's COPY: bulk
   * loads (a store report's rows) go in at the database's own speed instead of as parameterised
   * INSERTs. Outside any transaction: the caller stages rows it can delete again.
   */
  copyCsvRows(table: string, columns: readonly string[]): CsvRows;
  /**
   * Loads a CSV file with a header line into a table with COPY, the file streamed from disk (embedded
   * PGlite reads it whole: it is for one machine's own use). Answers the rows loaded. Fails, loading
   * nothing, on anything COPY cannot read (a row of another width, a blank line, bytes not UTF-8).
   * Outside any transaction, as `copyCsvRows`.
   */
  copyCsvFile(table: string, columns: readonly string[], file: string): Promise<number>;
  /** Embedded PGlite only: the data folder as a tarball, to start other databases from. */
  dump?(): Promise<Blob>;
  /**
   * Hears NOTIFY on `channel`, on a connection of its own. `onListening(false)` says the connection was
   * lost (notifications may have been missed meanwhile; it connects again), `onListening(true)` that
   * it hears again. Resolves once listening; the returned function stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
}

/** Rows loaded with COPY a batch at a time (`Database.copyCsvRows`). */
export interface CsvRows {
  /** Sends a batch of CSV lines; resolves once the database can take more. */
  write(csv: string | Buffer): Promise<void>;
  /** Ends the load: what was written is in the table once this resolves (a later write starts another). */
  end(): Promise<void>;
  /** Gives the load up after a fault; never fails. */
  abort(): Promise<void>;
}

const LISTEN_RETRY_MS = 1_000;

/** LISTEN on a PostgreSQL connection of its own, connecting again whenever it is lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  if (!IDENTIFIER.test(channel)) throw new Error("A channel is a plain identifier");
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      onListening(false);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), LISTEN_RETRY_MS);
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      onLost();
      await client.end().catch(() => {});
      throw err;
    }
    onListening(true);
  };
  // A first connection that fails is retried like a lost one: the caller works without notifications meanwhile.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

/** Finds the committed `drizzle/` folder whether running from src (tsx) or dist (built). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Migrations folder 'drizzle/' not found");
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /**
   * A data folder for embedded PGlite, or undefined for an in-memory database; `template` starts it
   * from a dumped data folder (tests clone a migrated template instead of running initdb each time).
   */
  | { dataDir: string | undefined; template?: Blob };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** The COPY statement for a table and its columns; names are checked, never taken from input. */
function copyStatement(table: string, columns: readonly string[], source: string, header = false) {
  if (![table, ...columns].every((n) => IDENTIFIER.test(n))) throw new Error("COPY takes plain identifiers only");
  return `copy ${table} (${columns.join(", ")}) from ${source} with (format csv${header ? ", header true" : ""})`;
}

/** pg's pool settings for a PostgreSQL URL and pool size. */
export function poolConfig(url: string, connections: number): pg.PoolConfig {
  return {
    connectionString: url,
    max: connections,
    // Connections stay open once made (pg's pool closes one idle for 10 s): a burst after a quiet
    // spell otherwise waits for new backends and their first statements. Ten sign-ins after 30 s of
    // one request at a time all took 440 ms where the rest took 150 (decision 065).
    min: connections,
    connectionTimeoutMillis: 5_000,
    // No JIT compilation: our statements are short, and where the planner's estimate crosses JIT's
    // cost threshold it spent more compiling than running (0.5 s of a 0.85 s posting pass, decision 043).
    options: "-c jit=off",
    Client: StatementCachingClient,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const connections = options.poolSize ?? 10;
    const pool = new pg.Pool(poolConfig(options.url, connections));
    // An idle client losing its connection (e.g. the server restarting) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      connections,
      url: options.url,
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      copyCsvRows: (table, columns) => {
        // One COPY for every batch until `end`, on a connection of its own: a COPY a batch committed
        // each on its own, and each commit waited for its WAL to reach the disk (2.5 s of a million
        // rows' 6, decision 062).
        let open: Promise<{ client: pg.PoolClient; stream: ReturnType<typeof copyFrom>; done: Promise<void> }> | null =
          null;
        const start = async () => {
          const client = await pool.connect();
          const stream = client.query(copyFrom(copyStatement(table, columns, "stdin")));
          const done = new Promise<void>((resolve, reject) => {
            stream.on("finish", resolve);
            stream.on("error", reject);
          });
          done.catch(() => undefined);
          return { client, stream, done };
        };
        const close = async (fault?: Error) => {
          if (!open) return;
          const { client, stream, done } = await open;
          open = null;
          try {
            if (fault) stream.destroy(fault);
            else stream.end();
            await done;
          } finally {
            // A COPY ended by a fault leaves its connection in no state to be used again.
            client.release(fault ?? undefined);
          }
        };
        return {
          write: async (csv) => {
            open ??= start();
            const { stream, done } = await open;
            if (!stream.write(csv)) await Promise.race([new Promise((resolve) => stream.once("drain", resolve)), done]);
          },
          end: () => close(),
          abort: () => close(new Error("the load was abandoned")).catch(() => undefined),
        };
      },
      copyCsvFile: async (table, columns, file) => {
        const client = await pool.connect();
        try {
          const stream = client.query(copyFrom(copyStatement(table, columns, "stdin", true)));
          // A mebibyte a read: the importer scans the same file on this thread meanwhile (decision 054), and
          // each read waits its turn behind that.
          await pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), stream);
          return stream.rowCount;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, onMessage, onListening) => listenOnPostgres(options.url, channel, onMessage, onListening),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the admin searches; PGlite loads it as a bundled extension.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.template, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    connections: 1,
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    copyCsvRows: (table, columns) => ({
      // PGlite reads COPY's input from a blob passed with the query: a COPY a batch.
      write: async (csv) => {
        await client.query(copyStatement(table, columns, "'/dev/blob'"), [], {
          blob: new Blob([typeof csv === "string" ? csv : new Uint8Array(csv)]),
        });
      },
      end: async () => undefined,
      abort: async () => undefined,
    }),
    copyCsvFile: async (table, columns, file) => {
      const blob = await fs.openAsBlob(file);
      const result = await client.query(copyStatement(table, columns, "'/dev/blob'", true), [], { blob });
      return result.affectedRows ?? 0;
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    listen: async (channel, onMessage, onListening) => {
      // One process holds an embedded database: its notifications arrive as each statement ends.
      const unlisten = await client.listen(channel, onMessage);
      onListening(true);
      return unlisten;
    },
  };
}
