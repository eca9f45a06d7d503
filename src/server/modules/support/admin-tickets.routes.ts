import { createRoute, z } from "@hono/zod-openapi";
import { pageQuerySchema } from "#domain/pagination";
import { replySchema, TICKET_PRIORITIES, TICKET_STATUSES, ticketUpdateSchema } from "#domain/tickets";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors, idParams, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { preparedPage } from "#server/lib/paging";
import { cachedJson, err, json, likePattern } from "#server/lib/route-helpers";
import {
  deleteTicket,
  replyAsSupport,
  ticketsPage,
  ticketThread,
  toAdminTicket,
  updateTicket,
} from "./admin-tickets.service";
import { ticketMessageSchema } from "./thread";
import { ticketSchema } from "./ticket.schema";

const adminTicketSchema = ticketSchema
  .extend({ userId: z.string(), userName: z.string(), userEmail: z.string(), assignedTo: z.string().nullable() })
  .openapi("AdminTicket");
const threadSchema = z.object({ ticket: adminTicketSchema, messages: z.array(ticketMessageSchema) });
const one = json(z.object({ ticket: adminTicketSchema }), "Ticket");

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/tickets",
    tags: ["Admin"],
    summary: "Support tickets, newest first, searched by subject or user, filtered by status and priority",
    request: {
      query: pageQuerySchema.extend({
        status: z.enum(TICKET_STATUSES).optional(),
        priority: z.enum(TICKET_PRIORITIES).optional(),
      }),
    },
    responses: { 200: json(pageOf(adminTicketSchema), "Tickets"), ...adminErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/admin/tickets/{id}",
    tags: ["Admin"],
    summary: "A ticket with its thread, oldest first",
    request: { params: idParams },
    responses: { 200: json(threadSchema, "Thread"), 404: err("No such ticket"), ...adminErrors },
  }),
  reply: createRoute({
    method: "post",
    path: "/admin/tickets/{id}/replies",
    tags: ["Admin"],
    summary: "Reply to the user; an open ticket moves to in progress; the user is notified",
    request: { params: idParams, body: { content: { "application/json": { schema: replySchema } }, required: true } },
    responses: {
      201: json(threadSchema, "Thread"),
      400: err("Empty reply"),
      404: err("No such ticket"),
      ...adminErrors,
    },
  }),
  update: createRoute({
    method: "patch",
    path: "/admin/tickets/{id}",
    tags: ["Admin"],
    summary: "Change status (closing records closed_at, reopening clears it), priority or assignee",
    request: {
      params: idParams,
      body: { content: { "application/json": { schema: ticketUpdateSchema } }, required: true },
    },
    responses: { 200: one, 400: err("Invalid input"), 404: err("No such ticket"), ...adminErrors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/admin/tickets/{id}",
    tags: ["Admin"],
    summary: "Delete a ticket and its messages",
    request: { params: idParams },
    responses: { 200: json(z.object({ id: z.string() }), "Deleted"), 404: err("No such ticket"), ...adminErrors },
  }),
};

// Thin routes: validate, authorize, call the service (admin-tickets.service.ts), shape the answer.
export const adminTicketsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status, priority } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const filters = { status, priority, pattern: q ? likePattern(q) : undefined };
    // Kept while nothing it reads changes (decision 040): tickets, their askers, the counts.
    const key = `admin-tickets ${JSON.stringify([page, pageSize, q, status, priority])}`;
    return cachedJson(c, key, ["support_tickets", "users", "row_counts"], async () => {
      const { rows, total } = await preparedPage(db, "admin_tickets", filters, { page, pageSize }, ticketsPage);
      return { items: rows.map(toAdminTicket), total, page, pageSize };
    });
  })
  .openapi(routes.get, async (c) => {
    await requireAdmin(c);
    return c.json(await ticketThread(c.get("deps").database.db, c.req.valid("param").id), 200);
  })
  .openapi(routes.reply, async (c) => {
    await requireAdmin(c);
    const thread = await replyAsSupport(c.get("deps"), c.req.valid("param").id, c.req.valid("json").message);
    return c.json(thread, 201);
  })
  .openapi(routes.update, async (c) => {
    await requireAdmin(c);
    const ticket = await updateTicket(c.get("deps").database.db, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ ticket }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    return c.json({ id: await deleteTicket(c.get("deps").database.db, c.req.valid("param").id) }, 200);
  });
