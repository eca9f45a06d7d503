import { createRoute, z } from "@hono/zod-openapi";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { requireUser } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { notifications } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { err, json } from "#server/lib/route-helpers";

const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("Notification");
const listSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["Notifications"],
  summary: "The newest 20 notifications and the unread count",
  responses: { 200: json(listSchema, "Notifications"), 401: err("Signed out") },
});
const readAllRoute = createRoute({
  method: "post",
  path: "/notifications/read-all",
  tags: ["Notifications"],
  summary: "Mark every notification read",
  responses: { 200: json(listSchema, "Notifications"), 401: err("Signed out") },
});
const readOneRoute = createRoute({
  method: "post",
  path: "/notifications/{id}/read",
  tags: ["Notifications"],
  summary: "Mark one notification read",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: json(listSchema, "Notifications"), 401: err("Signed out"), 404: err("Not yours or absent") },
});

async function list(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(20);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    unread: unread?.n ?? 0,
  };
}

export const notificationsRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const user = await requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await list(c.get("deps").database.db, user.id), 200);
  })
  .openapi(readAllRoute, async (c) => {
    const user = await requireUser(c);
    const db = c.get("deps").database.db;
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
    return c.json(await list(db, user.id), 200);
  })
  .openapi(readOneRoute, async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("deps").database.db;
    const [row] = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)))
      .returning({ id: notifications.id });
    if (!row) throw new ApiError(404, "NOT_FOUND", "Notification not found.");
    return c.json(await list(db, user.id), 200);
  });
