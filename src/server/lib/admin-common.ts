import { z } from "@hono/zod-openapi";
import { ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { t } from "#domain/i18n";
import type { Db } from "#server/db/client";
import { users } from "#server/db/schema";
import type { PageBounds } from "#server/lib/paging";
import { err } from "#server/lib/route-helpers";

/** Every admin route answers these besides its own. */
export const adminErrors = { 401: err("Signed out"), 403: err("Not an admin") };

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const idParams = z.object({ id: z.uuid({ message: t("server.notFound") }) });

/** A list filter's value, or its placeholder in a prepared statement. */
export type Filter = string | Placeholder;

/** The filters and bounds an admin list's page builder takes. */
export type ListSpec<F extends string> = { [K in F]?: Filter } & PageBounds;

/**
 * Rows whose owner's name or e-mail matches `pattern`. The owners become an array first, so each
 * alternative of a search stays an index scan on the owned table (trigram indexes and the owner
 * index, combined in one bitmap); an OR across a join or an IN (subquery) would read the whole table.
 */
export function ownerMatches(db: Db, owner: AnyPgColumn, pattern: Filter): SQL {
  const owners = db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  return sql`${owner} = any(array(${owners}))`;
}
