import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import { pageQuerySchema } from "#domain/pagination";
import {
  replySchema,
  statusAfterAdminReply,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketStatus,
  ticketUpdateSchema,
} from "#domain/tickets";
import { requireAdmin } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { ticketCount } from "#server/db/row-counts";
import { supportTicketMessages, supportTickets, users } from "#server/db/schema";
import { adminErrors, idParams, type ListSpec, ownerMatches, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { pageParts, preparedPage } from "#server/lib/paging";
import { err, json, likePattern } from "#server/lib/route-helpers";
import { notifyUser } from "#server/modules/notifications";
import { loadThread, ticketMessageSchema } from "./thread";
import { ticketColumns, ticketSchema, toTicket } from "./tickets.routes";

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

const adminTicketColumns = {
  ...ticketColumns,
  userId: supportTickets.userId,
  assignedTo: supportTickets.assignedToAdminId,
  userName: users.name,
  userEmail: users.email,
};

function selectTickets(db: Db, where: SQL) {
  return db
    .select(adminTicketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where);
}

/** A page of tickets, newest first, with how many match, in one statement. */
function ticketsPage(db: Db, f: ListSpec<"status" | "priority" | "pattern">) {
  const conditions: SQL[] = [];
  if (f.status !== undefined) conditions.push(eq(supportTickets.status, f.status));
  if (f.priority !== undefined) conditions.push(eq(supportTickets.priority, f.priority));
  if (f.pattern !== undefined) {
    conditions.push(
      or(ilike(supportTickets.subject, f.pattern), ownerMatches(db, supportTickets.userId, f.pattern)) as SQL,
    );
  }
  const search = f.pattern !== undefined;
  const parts = pageParts(db, {
    table: supportTickets,
    id: supportTickets.id,
    where: conditions.length ? and(...conditions) : undefined,
    order: [supportTickets.createdAt, supportTickets.id],
    limit: f.limit,
    offset: f.offset,
    search,
    total: search ? undefined : ticketCount({ status: f.status, priority: f.priority }),
  });
  const query = db
    .with(...parts.ctes)
    .select({ ...adminTicketColumns, total: parts.total })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(parts.inPage)
    .orderBy(...parts.orderBy);
  return { query, countAll: parts.countAll };
}

function toAdminTicket(row: AdminTicketRow) {
  return {
    ...toTicket(row),
    userId: row.userId,
    assignedTo: row.assignedTo,
    userName: row.userName,
    userEmail: row.userEmail,
  };
}
type AdminTicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

async function oneTicket(db: Db, id: string) {
  const [row] = await selectTickets(db, eq(supportTickets.id, id));
  if (!row) throw new ApiError(404, "NOT_FOUND", "Ticket not found.");
  return toAdminTicket(row);
}

export const adminTicketsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status, priority } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const filters = { status, priority, pattern: q ? likePattern(q) : undefined };
    const { rows, total } = await preparedPage(db, "admin_tickets", filters, { page, pageSize }, ticketsPage);
    return c.json({ items: rows.map(toAdminTicket), total, page, pageSize }, 200);
  })
  .openapi(routes.get, async (c) => {
    await requireAdmin(c);
    const db = c.get("deps").database.db;
    const ticket = await oneTicket(db, c.req.valid("param").id);
    return c.json({ ticket, messages: await loadThread(db, ticket.id) }, 200);
  })
  .openapi(routes.reply, async (c) => {
    await requireAdmin(c);
    const { message } = c.req.valid("json");
    const deps = c.get("deps");
    const db = deps.database.db;
    const ticket = await oneTicket(db, c.req.valid("param").id);
    await db.transaction(async (tx) => {
      // Admin replies carry no sender (product §3): they come from the support team.
      await tx
        .insert(supportTicketMessages)
        .values({ ticketId: ticket.id, senderId: null, message, isAdminReply: true });
      await tx
        .update(supportTickets)
        .set({ status: statusAfterAdminReply(ticket.status as TicketStatus), updatedAt: new Date() })
        .where(eq(supportTickets.id, ticket.id));
    });
    await notifyUser(
      { db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
      {
        userId: ticket.userId,
        kind: "ticket_reply",
        title: `New reply on ticket #${ticket.number}`,
        body: `Our support team replied to "${ticket.subject}".`,
        link: `/app/support?ticket=${ticket.id}`,
      },
    );
    return c.json({ ticket: await oneTicket(db, ticket.id), messages: await loadThread(db, ticket.id) }, 201);
  })
  .openapi(routes.update, async (c) => {
    await requireAdmin(c);
    const input = c.req.valid("json");
    const db = c.get("deps").database.db;
    const ticket = await oneTicket(db, c.req.valid("param").id);
    const closing = input.status === "closed" && ticket.status !== "closed";
    const reopening = input.status !== undefined && input.status !== "closed";
    await db
      .update(supportTickets)
      .set({
        ...(input.status ? { status: input.status } : {}),
        ...(input.priority ? { priority: input.priority } : {}),
        ...(input.assignedTo !== undefined ? { assignedToAdminId: input.assignedTo || null } : {}),
        ...(closing ? { closedAt: new Date() } : reopening ? { closedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(supportTickets.id, ticket.id));
    return c.json({ ticket: await oneTicket(db, ticket.id) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    const [row] = await c
      .get("deps")
      .database.db.delete(supportTickets)
      .where(eq(supportTickets.id, c.req.valid("param").id))
      .returning({ id: supportTickets.id });
    if (!row) throw new ApiError(404, "NOT_FOUND", "Ticket not found.");
    return c.json({ id: row.id }, 200);
  });
