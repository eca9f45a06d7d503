import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#server/db/client";

/**
 * A clean, migrated database for one test file: in-memory PGlite, or a fresh database on the
 * PostgreSQL server in TEST_DATABASE_URL when TEST_DB=postgres. Dropped again by `dispose`.
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `kalrav_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 5 });
    await database.migrate();
    return {
      database,
      async dispose() {
        // The server may have closed its pool already; the database must go either way.
        await database.close().catch(() => {});
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  return { database, dispose: () => database.close() };
}
