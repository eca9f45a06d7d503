import { createRoute, z } from "@hono/zod-openapi";
import { todayIst } from "#domain/clock";
import { pageQuerySchema } from "#domain/pagination";
import { PLAN_IDS } from "#domain/plans";
import { ROLES } from "#domain/roles";
import { addUserSchema, editUserSchema } from "#domain/users";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { cachedJson, err, json } from "#server/lib/route-helpers";
import { activateUser, addUser, deleteUser, editUser, listRoles, listUsers, suspendUser } from "./admin-users.service";

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

// Thin routes: validate, authorize, call the service (admin-users.service.ts), shape the answer.
export const adminUsersRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q } = c.req.valid("query");
    // Kept while nothing it reads changes (decision 040); the plan in force depends on the day.
    const key = `admin-users ${JSON.stringify([page, pageSize, q])} ${todayIst()}`;
    return cachedJson(c, key, ["users", "releases", "subscriptions", "row_counts"], async () => {
      const { items, total } = await listUsers(c.get("deps").database.db, q, page, pageSize);
      return { items, total, page, pageSize };
    });
  })
  .openapi(routes.roles, async (c) => {
    await requireAdmin(c);
    return c.json({ roles: await listRoles(c.get("deps").database.db) }, 200);
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const { database, auth } = c.get("deps");
    const user = await addUser({ db: database.db, auth }, c.req.raw.headers, c.req.valid("json"));
    return c.json({ user }, 201);
  })
  .openapi(routes.update, async (c) => {
    const admin = await requireAdmin(c);
    const user = await editUser(c.get("deps").database.db, admin.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ user }, 200);
  })
  .openapi(routes.suspend, async (c) => {
    const admin = await requireAdmin(c);
    return c.json({ user: await suspendUser(c.get("deps").database.db, admin.id, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.activate, async (c) => {
    await requireAdmin(c);
    return c.json({ user: await activateUser(c.get("deps").database.db, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const admin = await requireAdmin(c);
    const { id } = c.req.valid("param");
    await deleteUser(c.get("deps").database.db, admin.id, id);
    return c.json({ id }, 200);
  });
