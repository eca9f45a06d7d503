// Recent answers of the heaviest reads, kept in this process's memory and forgotten the moment a
// table they read changes (issue 36, decision 040). Each watched table's statement trigger (migration
// 0060) NOTIFYs its name at commit, and every server process listens. A read computed from a snapshot
// older than a change it has not yet heard of is never stored: every change heard while it ran
// stamps its tables, and a read stores nothing when one of its tables was stamped after it began.
import type { Database } from "#server/db/client";

export const TABLE_CHANGED_CHANNEL = "kalrav_table_changed";

/** The tables whose changes reach every process (migration 0060); a cached read lists those it reads. */
export const WATCHED_TABLES = [
  "artist_profiles",
  "collaborators",
  "daily_stream_facts",
  "deliveries",
  "owner_country_totals",
  "owner_daily_totals",
  "owner_store_totals",
  "payout_accounts",
  "release_artists",
  "release_streams",
  "releases",
  "row_counts",
  "royalty_entries",
  "subscriptions",
  "support_tickets",
  "tracks",
  "users",
  "workspace_members",
  "workspaces",
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export interface ReadCache {
  /**
   * The answer's JSON text for `key` (which must name everything the answer depends on besides the
   * tables: who asks, the query, the day), computed by `compute` unless a copy is kept.
   */
  json(key: string, tables: readonly WatchedTable[], compute: () => Promise<unknown>): Promise<string>;
  /** Forgets everything: this process just changed data and must read its own writes. */
  clear(): void;
  close(): Promise<void>;
}

interface Entry {
  json: string;
  tables: readonly WatchedTable[];
  expires: number;
}

export interface ReadCacheOptions {
  /** A safety net only: an answer is dropped after this long even if nothing it reads changed. */
  ttlMs?: number;
  maxEntries?: number;
}

/** A cache fed by a database's change notifications; off (every read computed) while it cannot hear them. */
export async function createReadCache(database: Database, opts: ReadCacheOptions = {}): Promise<ReadCache> {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const entries = new Map<string, Entry>();
  const byTable = new Map<string, Set<string>>();
  /** Counts changes heard and clears; a read remembers the count it began at. */
  let generation = 0;
  /** When each table last changed, by generation, while any read is running (older stamps are moot). */
  const changedAt = new Map<string, number>();
  /** When everything was last forgotten (a clear, or the notifications lost and found again). */
  let clearedAt = 0;
  let running = 0;
  let listening = false;
  /**
   * Reads being computed, by key, with the generation each began at. A burst of the same read (fifty
   * requests for one artist's analytics as the cache starts cold) computes it once: computed fifty times
   * side by side, each took seconds, and some timed out.
   */
  const pending = new Map<string, { began: number; json: Promise<string> }>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const t of entry.tables) byTable.get(t)?.delete(key);
  };
  const forgetAll = () => {
    generation += 1;
    clearedAt = generation;
    entries.clear();
    byTable.clear();
  };
  const tableChanged = (table: string) => {
    generation += 1;
    if (running > 0) changedAt.set(table, generation);
    for (const key of [...(byTable.get(table) ?? [])]) drop(key);
  };

  const stop = await database.listen(TABLE_CHANGED_CHANNEL, tableChanged, (now) => {
    // Whatever was missed while deaf is unknown: start again from nothing.
    forgetAll();
    listening = now;
  });

  return {
    async json(key, tables, compute) {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) {
        // Most recently used last: the oldest in the map is the first to go when it is full.
        entries.delete(key);
        entries.set(key, hit);
        return hit.json;
      }
      if (hit) drop(key);
      const began = generation;
      // The same read begun since the last change this process heard of: its answer is this one's too.
      const shared = pending.get(key);
      if (shared && shared.began === began) return shared.json;
      const computing = (async () => {
        running += 1;
        let json: string;
        try {
          json = JSON.stringify(await compute());
        } finally {
          running -= 1;
        }
        const stale = clearedAt > began || tables.some((t) => (changedAt.get(t) ?? 0) > began);
        if (running === 0) changedAt.clear();
        if (listening && !stale && maxEntries > 0) {
          if (entries.size >= maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) drop(oldest);
          }
          entries.set(key, { json, tables, expires: Date.now() + ttlMs });
          for (const t of tables) {
            const keys = byTable.get(t) ?? new Set<string>();
            keys.add(key);
            byTable.set(t, keys);
          }
        }
        return json;
      })();
      pending.set(key, { began, json: computing });
      try {
        return await computing;
      } finally {
        if (pending.get(key)?.json === computing) pending.delete(key);
      }
    },
    clear: forgetAll,
    close: stop,
  };
}
