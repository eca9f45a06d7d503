// The admin's user management, as plain functions over their dependencies: no HTTP here. A refusal is
// a DomainError; admin-users.routes.ts validates, authorizes and shapes the answers.

import { and, count, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import type { PLAN_IDS } from "#domain/plans";
import { ADMIN_USER_MESSAGES, type addUserSchema, type editUserSchema } from "#domain/users";
import type { Auth } from "#server/auth/auth";
import type { Db } from "#server/db/client";
import { userCount } from "#server/db/row-counts";
import { roles, sessions, users } from "#server/db/schema";
import type { Filter } from "#server/lib/admin-common";
import { DomainError } from "#server/lib/domain-error";
import { type PageBounds, pageParts, preparedPage } from "#server/lib/paging";
import { likePattern } from "#server/lib/route-helpers";

type UsersPageSpec = PageBounds & { where: SQL | undefined; search: boolean; today: Filter };

/** A page of users with their release count and current plan, and how many match, in one statement. */
function usersPage(db: Db, spec: UsersPageSpec) {
  const parts = pageParts(db, {
    table: users,
    id: users.id,
    where: spec.where,
    order: [users.createdAt, users.id],
    limit: spec.limit,
    offset: spec.offset,
    search: spec.search,
    total: spec.where ? undefined : userCount(),
  });
  // Correlated subqueries written out in full: Drizzle would leave the column names unqualified here.
  const releaseCount = sql<number>`(select count(*) from releases r where r.user_id = "users"."id")`.mapWith(Number);
  const planId = sql<string | null>`(select s.plan_id from subscriptions s
    where s.user_id = "users"."id" and s.status in ('active', 'past_due') and s.end_date >= ${spec.today}
    order by s.created_at desc limit 1)`;
  const query = db
    .with(...parts.ctes)
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      banned: users.banned,
      createdAt: users.createdAt,
      releaseCount,
      planId,
      total: parts.total,
    })
    .from(users)
    .where(parts.inPage)
    .orderBy(...parts.orderBy);
  return { query, countAll: parts.countAll };
}

type UserRow = Awaited<ReturnType<typeof usersPage>["query"]>[number];

function toAdminUser(r: Omit<UserRow, "total">) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role === "admin" ? ("admin" as const) : ("artist" as const),
    status: r.banned ? ("suspended" as const) : ("active" as const),
    createdAt: r.createdAt.toISOString(),
    releaseCount: r.releaseCount,
    planId: (r.planId as (typeof PLAN_IDS)[number] | null) ?? null,
  };
}

const searchUsers = (pattern: Filter | undefined) =>
  pattern === undefined ? undefined : or(ilike(users.name, pattern), ilike(users.email, pattern));

/** A page of the users list, searched by name or e-mail. */
export async function listUsers(db: Db, q: string | undefined, page: number, pageSize: number) {
  const filters = { pattern: q ? likePattern(q) : undefined, today: todayIst() };
  const { rows, total } = await preparedPage(db, "admin_users", filters, { page, pageSize }, (d, spec) =>
    usersPage(d, { ...spec, where: searchUsers(spec.pattern), search: spec.pattern !== undefined }),
  );
  return { items: rows.map(toAdminUser), total };
}

export async function oneUser(db: Db, id: string) {
  const { query } = usersPage(db, { where: eq(users.id, id), search: false, today: todayIst(), limit: 1, offset: 0 });
  const [row] = await query;
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.userNotFound"));
  return toAdminUser(row);
}

/** Refuses changes that would lock everyone out: to oneself, or removing the last admin. */
async function guardAdminChange(db: Db, actorId: string, targetId: string, losesAdmin: boolean) {
  if (actorId === targetId) throw new DomainError("conflict", "NOT_SELF", ADMIN_USER_MESSAGES.notSelf);
  if (!losesAdmin) return;
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, targetId));
  if (target?.role !== "admin") return;
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, targetId), eq(users.banned, false)));
  if ((others?.n ?? 0) === 0) throw new DomainError("conflict", "LAST_ADMIN", ADMIN_USER_MESSAGES.lastAdmin);
}

/** The roles a user may have. */
export function listRoles(db: Db) {
  return db.select().from(roles).orderBy(roles.id);
}

/**
 * Adds an account through the auth library (so its password is hashed as at sign-up). Created by an
 * admin, the address is taken as confirmed, so the user can sign in at once. `headers` are the
 * admin's request headers, which the library reads for the admin's session.
 */
export async function addUser(deps: { db: Db; auth: Auth }, headers: Headers, input: z.output<typeof addUserSchema>) {
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw new DomainError("conflict", "EMAIL_TAKEN", ADMIN_USER_MESSAGES.emailTaken);
  const created = await deps.auth.api.createUser({
    headers,
    body: { email: input.email, password: input.password, name: input.name },
  });
  await deps.db.update(users).set({ emailVerified: true, role: input.role }).where(eq(users.id, created.user.id));
  return oneUser(deps.db, created.user.id);
}

/** Name, e-mail and role; never the last admin's role, nor one's own. */
export async function editUser(db: Db, actorId: string, id: string, input: z.output<typeof editUserSchema>) {
  await oneUser(db, id);
  if (input.role !== "admin") {
    const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (target?.role === "admin") await guardAdminChange(db, actorId, id, true);
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, id)));
  if (taken) throw new DomainError("conflict", "EMAIL_TAKEN", ADMIN_USER_MESSAGES.emailTaken);
  await db.update(users).set({ name: input.name, email: input.email, role: input.role }).where(eq(users.id, id));
  return oneUser(db, id);
}

/** Suspends an account and ends its sessions at once. */
export async function suspendUser(db: Db, actorId: string, id: string) {
  await oneUser(db, id);
  await guardAdminChange(db, actorId, id, true);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ banned: true, banReason: "Suspended by an admin" }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
  });
  return oneUser(db, id);
}

/** Lets a suspended account sign in again. */
export async function activateUser(db: Db, id: string) {
  await oneUser(db, id);
  await db.update(users).set({ banned: false, banReason: null, banExpires: null }).where(eq(users.id, id));
  return oneUser(db, id);
}

/** Deletes an account. Releases keep their row with no owner (foreign key "set null"); the rest goes with it. */
export async function deleteUser(db: Db, actorId: string, id: string) {
  await oneUser(db, id);
  await guardAdminChange(db, actorId, id, true);
  await db.delete(users).where(eq(users.id, id));
}
