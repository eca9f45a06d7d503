import { createHash } from "node:crypto";
import pg from "pg";

/** Statements a connection keeps prepared; past this, further texts run unnamed (planned each time). */
const MAX_STATEMENTS_PER_CONNECTION = 500;

/**
 * A pg client that prepares each parameterised statement once per connection, named by a hash of
 * its text, so PostgreSQL parses and plans it once (and may settle on a generic plan) instead of on
 * every request: for our short index lookups, planning cost more than running them. Statements
 * without parameters keep the simple protocol, which allows several statements in one text.
 */
export class StatementCachingClient extends pg.Client {
  #named = new Set<string>();

  // pg's query() has many overloads; only the config-object form with values is touched.
  // biome-ignore lint/suspicious/noExplicitAny: forwards pg's overloaded arguments unchanged.
  override query(config: any, values?: any, callback?: any): any {
    const params = Array.isArray(values) ? values : config?.values;
    if (
      config &&
      typeof config === "object" &&
      typeof config.text === "string" &&
      !config.name &&
      typeof config.submit !== "function" &&
      Array.isArray(params) &&
      params.length > 0
    ) {
      const name = `k${createHash("sha1").update(config.text).digest("hex")}`;
      if (this.#named.has(name) || this.#named.size < MAX_STATEMENTS_PER_CONNECTION) {
        this.#named.add(name);
        return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}
