import type { Db } from "./client";

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built and prepared once per database and reused: for the hottest reads, building the
 * SQL with Drizzle on every request cost more than PostgreSQL took to run it. `name` is also the
 * statement's name on each connection, so it must be unique in the app.
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  if (!queries.has(name)) queries.set(name, build(db, name));
  return queries.get(name) as T;
}
