import { type Placeholder, sql } from "drizzle-orm";
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

/** Each value's placeholder: always given values get one, optional ones only when given. */
type Placeholders<F> = { [K in keyof F]: undefined extends F[K] ? Placeholder | undefined : Placeholder };

/**
 * A query's shape for `preparedQuery`: which of `values` are given (the statement's name says so) and
 * a placeholder, named after its key, for each value given. Built from the placeholders and executed
 * with `values`, a list with optional filters is prepared once per combination of filters.
 */
export function shapeOf<F extends Record<string, unknown>>(prefix: string, values: F) {
  const given = Object.keys(values)
    .filter((key) => values[key] !== undefined)
    .sort();
  return {
    name: [prefix, ...given].join("_"),
    params: Object.fromEntries(given.map((key) => [key, sql.placeholder(key)])) as Placeholders<F>,
  };
}
