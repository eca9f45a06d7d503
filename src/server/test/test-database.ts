import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#server/db/client";
import { TEST_ENV } from "./test-env";

/**
 * Where the migrated template of this run lives: a PGlite data-folder tarball, or on PostgreSQL a
 * template database. Made once per run by `global-setup.ts`; every test clones it.
 */
export interface DatabaseTemplate {
  pgliteFile?: string;
  postgresName?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const adminUrl = () => {
  const url = TEST_ENV.databaseUrl;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
};

const databaseUrl = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

async function onAdminConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** This run's test databases are named after its template, so the run's end can find and drop them. */
const testDatabasePrefix = (template: string) => `kalrav_test_${template.replace("kalrav_template_", "")}_`;

/**
 * Migrates the run's template once: a PostgreSQL template database when the run is on PostgreSQL
 * (TEST_DB=postgres), else a PGlite data folder. Returns it and how to remove it afterwards.
 */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  if (TEST_ENV.onPostgres) {
    const name = `kalrav_template_${randomBytes(6).toString("hex")}`;
    await onAdminConnection((admin) => admin.query(`CREATE DATABASE ${name}`));
    const migrated = await openDatabase({ url: databaseUrl(name), poolSize: 1 });
    try {
      await migrated.migrate();
    } finally {
      await migrated.close();
    }
    return {
      template: { postgresName: name },
      async remove() {
        // The template, and the test databases the workers kept for reuse (named after it).
        await onAdminConnection(async (admin) => {
          const kept = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
            `${testDatabasePrefix(name)}%`,
          ]);
          for (const { datname } of kept.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      },
    };
  }
  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error("PGlite could not dump its data folder");
  const pgliteFile = path.join(os.tmpdir(), `kalrav-template-${process.pid}-${randomBytes(4).toString("hex")}.tar`);
  await fs.writeFile(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  return { template: { pgliteFile }, remove: () => fs.rm(pgliteFile, { force: true }) };
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The run's template, read once per worker process. */
function pgliteTemplateBlob(): Promise<Blob> {
  const file = inject("databaseTemplate").pgliteFile;
  if (!file) throw new Error("the PGlite template was not made: this run is on PostgreSQL (TEST_DB=postgres)");
  pgliteTemplate ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * Databases this worker has finished with, emptied again. Starting a PGlite from the template costs
 * about a second, and copying a PostgreSQL template about half of one (most of an API test's time);
 * emptying one costs milliseconds. A released database is reset to exactly the migrated template's
 * contents before it is handed out again: embedded ones whole, PostgreSQL ones by name (their
 * connections are closed, so no session state survives either).
 */
const idlePglite: Database[] = [];
const idlePostgres: string[] = [];
let resetStatements: Promise<string[]> | undefined;

/**
 * What empties a database back to the template: every table emptied except what the migrations
 * themselves seed, every sequence set back to where the template has it, and the session's state
 * (advisory locks, LISTEN, prepared statements, settings) discarded.
 */
async function resetSql(database: Database): Promise<string[]> {
  const rows = async (query: string) => {
    const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, string>[] };
    return result.rows;
  };
  const seeded = new Set<string>();
  const tables = await rows(
    "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
  );
  for (const { name } of tables) {
    const [count] = await rows(`select count(*)::int as n from ${name}`);
    if (Number(count?.n) > 0) seeded.add(name as string);
  }
  const emptied = tables.map((t) => t.name as string).filter((name) => !seeded.has(name));
  const sequences = await rows(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, coalesce(last_value, 0) as last, start_value as start
     from pg_sequences where schemaname = 'public'`,
  );
  return [
    "discard all",
    // DELETE, not TRUNCATE: a TRUNCATE gives each of some fifty tables new files, which costs as much
    // as copying the template; a DELETE of a test's few rows costs milliseconds. As a replica, the
    // session fires no triggers (the row counters are emptied with the rest) and checks no foreign
    // keys, so the order does not matter.
    "set local session_replication_role = replica",
    ...emptied.map((name) => `delete from ${name}`),
    // Seeded tables' sequences keep where the seed left them; the rest start again.
    ...sequences.map((s) =>
      Number(s.last) > 0
        ? `select setval('${s.name}', ${Number(s.last)}, true)`
        : `select setval('${s.name}', ${Number(s.start)}, false)`,
    ),
  ];
}

async function pgliteDatabase(): Promise<Database> {
  const reused = idlePglite.pop();
  if (reused) return reused;
  const database = await openDatabase({ dataDir: undefined, template: await pgliteTemplateBlob() });
  // Read off the first fresh one, before any test writes to it.
  resetStatements ??= resetSql(database);
  await resetStatements;
  return database;
}

async function postgresDatabase(): Promise<{ name: string; database: Database }> {
  const reused = idlePostgres.pop();
  if (reused) return { name: reused, database: await openDatabase({ url: databaseUrl(reused), poolSize: 5 }) };
  const template = inject("databaseTemplate").postgresName;
  if (!template) throw new Error("the PostgreSQL template was not made: is TEST_DB=postgres set for the run?");
  const name = `${testDatabasePrefix(template)}${randomBytes(6).toString("hex")}`;
  await onAdminConnection((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await openDatabase({ url: databaseUrl(name), poolSize: 5 });
  resetStatements ??= resetSql(database);
  await resetStatements;
  return { name, database };
}

/** Empties a database back to the template's contents; false when it could not be (a test closed it). */
async function emptied(database: Database): Promise<boolean> {
  try {
    const statements = await (resetStatements as Promise<string[]>);
    await database.db.transaction(async (tx) => {
      for (const statement of statements.slice(1)) await tx.execute(sql.raw(statement));
    });
    await database.db.execute(sql.raw(statements[0] as string));
    return true;
  } catch {
    return false;
  }
}

/**
 * A clean, migrated database of its own: in-memory PGlite, or a fresh database on the PostgreSQL
 * server in TEST_DATABASE_URL when TEST_DB=postgres — both cloned from the run's template. Dropped
 * again by `dispose`.
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (TEST_ENV.onPostgres) {
    const { name, database } = await postgresDatabase();
    return {
      database,
      async dispose() {
        const reusable = await emptied(database);
        // The server may have closed its pool already.
        await database.close().catch(() => {});
        if (reusable) idlePostgres.push(name);
        else await onAdminConnection((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const database = await pgliteDatabase();
  // Back to the worker's idle list, emptied (or, if a test closed it, gone for good).
  return {
    database,
    async dispose() {
      if (await emptied(database)) idlePglite.push(database);
      else await database.close().catch(() => {});
    },
  };
}
