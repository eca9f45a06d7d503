import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#server/db/client";

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
  const url = process.env.TEST_DATABASE_URL;
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

/**
 * Migrates the run's template once: a PostgreSQL template database when the run is on PostgreSQL
 * (TEST_DB=postgres), else a PGlite data folder. Returns it and how to remove it afterwards.
 */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
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
        await onAdminConnection((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
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
 * A clean, migrated database of its own: in-memory PGlite, or a fresh database on the PostgreSQL
 * server in TEST_DATABASE_URL when TEST_DB=postgres — both cloned from the run's template. Dropped
 * again by `dispose`.
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
    const template = inject("databaseTemplate").postgresName;
    if (!template) throw new Error("the PostgreSQL template was not made: is TEST_DB=postgres set for the run?");
    const name = `kalrav_test_${randomBytes(6).toString("hex")}`;
    await onAdminConnection((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 5 });
    return {
      database,
      async dispose() {
        // The server may have closed its pool already; the database must go either way.
        await database.close().catch(() => {});
        await onAdminConnection((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const database = await openDatabase({ dataDir: undefined, template: await pgliteTemplateBlob() });
  return { database, dispose: () => database.close() };
}
