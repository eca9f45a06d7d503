import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "#server/context";
import { errorBodySchema } from "./errors";
import type { WatchedTable } from "./read-cache";

/** A JSON response entry of a route's OpenAPI description. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** An error response entry: the one error shape. */
export const err = (description: string) => json(errorBodySchema, description);

/** Escapes LIKE wildcards so a search for "100%" means the text. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * A search box's text as a full-text query of its words, each matched as the beginning of a word
 * ("bench rel 42" finds "Bench Release 420"): letters and digits of any script only, so nothing the
 * user types is read as query syntax. Empty when the text has no word (it then matches nothing).
 */
export function wordsQuery(text: string) {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .slice(0, 10)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/** A file for the browser to save (a statement, an invoice, a CSV), never cached: it holds one person's data. */
export const fileDownload = (body: string | Uint8Array, type: string, filename: string) =>
  new Response(typeof body === "string" ? body : new Uint8Array(body), {
    status: 200,
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });

/**
 * What the money services (royalties, splits, payouts) take from the app's dependencies: the
 * database, the payout provider and TDS rules, the ways to tell people, and the payout encryptor.
 */
export const moneyDeps = (deps: AppDeps) => ({
  db: deps.database.db,
  payouts: deps.payouts,
  mailer: deps.mailer,
  texts: deps.texts,
  logger: deps.logger,
  publicUrl: deps.publicUrl,
  encryptor: deps.payoutEncryptor,
});

/**
 * A 200 JSON answer through the read cache (decision 040): `key` names who asks and what (the
 * workspace, the query, the day), `tables` every table the answer reads. Typed as `c.json` would be,
 * so the web's client knows the answer.
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  key: string,
  tables: readonly WatchedTable[],
  compute: () => Promise<T>,
) {
  const text = await c.get("deps").reads.json(key, tables, compute);
  return c.body(text, 200, { "content-type": "application/json" }) as unknown as ReturnType<typeof c.json<T, 200>>;
}
