import { createRoute, z } from "@hono/zod-openapi";
import { and, count, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { pageQuerySchema } from "#domain/pagination";
import { PLAN_IDS } from "#domain/plans";
import { ROLES } from "#domain/roles";
import { ADMIN_USER_MESSAGES, addUserSchema, editUserSchema } from "#domain/users";
import { requireAdmin } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { userCount } from "#server/db/row-counts";
import { roles, sessions, users } from "#server/db/schema";
import { adminErrors, type Filter, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { type PageBounds, pageParts, preparedPage } from "#server/lib/paging";
import { err, json, likePattern } from "#server/lib/route-helpers";
import { todayIso } from "#server/modules/subscriptions";

const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(["active", "suspended"]),
    createdAt: z.string(),
    releaseCount: z.number().int(),
    planId: z.enum(PLAN_IDS).nullable(),
  })
  .openapi("AdminUser");

const userIdParams = z.object({ id: z.string().min(1).max(64) });

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/users",
    tags: ["Admin"],
    summary: "Users, newest first, searched by name or e-mail, with status, release count and current plan",
    request: { query: pageQuerySchema },
    responses: { 200: json(pageOf(adminUserSchema), "Users"), ...adminErrors },
  }),
  roles: createRoute({
    method: "get",
    path: "/admin/roles",
    tags: ["Admin"],
    summary: "The roles a user can have",
    responses: {
      200: json(z.object({ roles: z.array(z.object({ id: z.number().int(), name: z.string() })) }), "Roles"),
      ...adminErrors,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/admin/users",
    tags: ["Admin"],
    summary: "Add a user who can sign in at once",
    request: { body: { content: { "application/json": { schema: addUserSchema } }, required: true } },
    responses: {
      201: json(z.object({ user: adminUserSchema }), "Created"),
      400: err("Invalid input"),
      409: err("E-mail taken"),
      ...adminErrors,
    },
  }),
  update: createRoute({
    method: "patch",
    path: "/admin/users/{id}",
    tags: ["Admin"],
    summary: "Change name, e-mail and role",
    request: {
      params: userIdParams,
      body: { content: { "application/json": { schema: editUserSchema } }, required: true },
    },
    responses: {
      200: json(z.object({ user: adminUserSchema }), "Updated"),
      400: err("Invalid"),
      404: err("No such user"),
      409: err("Not allowed"),
      ...adminErrors,
    },
  }),
  suspend: createRoute({
    method: "post",
    path: "/admin/users/{id}/suspend",
    tags: ["Admin"],
    summary: "Suspend: the user cannot sign in and their sessions end",
    request: { params: userIdParams },
    responses: {
      200: json(z.object({ user: adminUserSchema }), "Suspended"),
      404: err("No such user"),
      409: err("Not allowed"),
      ...adminErrors,
    },
  }),
  activate: createRoute({
    method: "post",
    path: "/admin/users/{id}/activate",
    tags: ["Admin"],
    summary: "Lift a suspension",
    request: { params: userIdParams },
    responses: { 200: json(z.object({ user: adminUserSchema }), "Active"), 404: err("No such user"), ...adminErrors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/admin/users/{id}",
    tags: ["Admin"],
    summary: "Delete a user fully; their releases stay, without an owner",
    request: { params: userIdParams },
    responses: {
      200: json(z.object({ id: z.string() }), "Deleted"),
      404: err("No such user"),
      409: err("Not allowed"),
      ...adminErrors,
    },
  }),
};

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
async function listUsers(db: Db, q: string | undefined, page: number, pageSize: number) {
  const filters = { pattern: q ? likePattern(q) : undefined, today: todayIso() };
  const { rows, total } = await preparedPage(db, "admin_users", filters, { page, pageSize }, (d, spec) =>
    usersPage(d, { ...spec, where: searchUsers(spec.pattern), search: spec.pattern !== undefined }),
  );
  return { items: rows.map(toAdminUser), total };
}

async function oneUser(db: Db, id: string) {
  const { query } = usersPage(db, { where: eq(users.id, id), search: false, today: todayIso(), limit: 1, offset: 0 });
  const [row] = await query;
  if (!row) throw new ApiError(404, "NOT_FOUND", "User not found.");
  return toAdminUser(row);
}

/** Refuses changes that would lock everyone out: to oneself, or removing the last admin. */
async function guardAdminChange(db: Db, actorId: string, targetId: string, losesAdmin: boolean) {
  if (actorId === targetId) throw new ApiError(409, "NOT_SELF", ADMIN_USER_MESSAGES.notSelf);
  if (!losesAdmin) return;
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, targetId));
  if (target?.role !== "admin") return;
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, targetId), eq(users.banned, false)));
  if ((others?.n ?? 0) === 0) throw new ApiError(409, "LAST_ADMIN", ADMIN_USER_MESSAGES.lastAdmin);
}

export const adminUsersRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const { items, total } = await listUsers(db, q, page, pageSize);
    return c.json({ items, total, page, pageSize }, 200);
  })
  .openapi(routes.roles, async (c) => {
    await requireAdmin(c);
    const rows = await c.get("deps").database.db.select().from(roles).orderBy(roles.id);
    return c.json({ roles: rows }, 200);
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const input = c.req.valid("json");
    const { database, auth } = c.get("deps");
    const [taken] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw new ApiError(409, "EMAIL_TAKEN", ADMIN_USER_MESSAGES.emailTaken);
    const created = await auth.api.createUser({
      headers: c.req.raw.headers,
      body: { email: input.email, password: input.password, name: input.name },
    });
    // Created by an admin: the address is taken as confirmed, so the user can sign in at once.
    await database.db.update(users).set({ emailVerified: true, role: input.role }).where(eq(users.id, created.user.id));
    return c.json({ user: await oneUser(database.db, created.user.id) }, 201);
  })
  .openapi(routes.update, async (c) => {
    const admin = await requireAdmin(c);
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const db = c.get("deps").database.db;
    await oneUser(db, id);
    if (input.role !== "admin") {
      const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      if (target?.role === "admin") await guardAdminChange(db, admin.id, id, true);
    }
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, id)));
    if (taken) throw new ApiError(409, "EMAIL_TAKEN", ADMIN_USER_MESSAGES.emailTaken);
    await db.update(users).set({ name: input.name, email: input.email, role: input.role }).where(eq(users.id, id));
    return c.json({ user: await oneUser(db, id) }, 200);
  })
  .openapi(routes.suspend, async (c) => {
    const admin = await requireAdmin(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    await oneUser(db, id);
    await guardAdminChange(db, admin.id, id, true);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ banned: true, banReason: "Suspended by an admin" }).where(eq(users.id, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
    });
    return c.json({ user: await oneUser(db, id) }, 200);
  })
  .openapi(routes.activate, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    await oneUser(db, id);
    await db.update(users).set({ banned: false, banReason: null, banExpires: null }).where(eq(users.id, id));
    return c.json({ user: await oneUser(db, id) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const admin = await requireAdmin(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    await oneUser(db, id);
    await guardAdminChange(db, admin.id, id, true);
    // Releases keep their row with user_id null (foreign key "set null"); the rest of the user's data goes with them.
    await db.delete(users).where(eq(users.id, id));
    return c.json({ id }, 200);
  });
