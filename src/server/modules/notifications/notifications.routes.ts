import { createRoute, z } from "@hono/zod-openapi";
import { requireUser } from "#server/auth/guards";
import { NOTIFICATION_KINDS } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { listNotifications, markAllRead, markRead } from "./notifications.service";

const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
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

// Thin routes: authorize, call the service (notifications.service.ts), shape the answer.
export const notificationsRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const user = await requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await listNotifications(c.get("deps").database.db, user.id), 200);
  })
  .openapi(readAllRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await markAllRead(c.get("deps").database.db, user.id), 200);
  })
  .openapi(readOneRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await markRead(c.get("deps").database.db, user.id, c.req.valid("param").id), 200);
  });
