import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { createTicketSchema } from "#domain/support";
import { replySchema, TICKET_PRIORITIES, TICKET_STATUSES } from "#domain/tickets";
import { requireUser } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { supportTicketMessages, supportTickets } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { ApiError, errorBodySchema } from "#server/lib/errors";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { loadThread, ticketMessageSchema } from "./thread";

export const ticketSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    subject: z.string(),
    description: z.string(),
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    createdAt: z.string(),
    updatedAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .openapi("Ticket");

export const ticketColumns = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  description: supportTickets.description,
  status: supportTickets.status,
  priority: supportTickets.priority,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  closedAt: supportTickets.closedAt,
};

type TicketRow = Omit<typeof supportTickets.$inferSelect, "userId" | "assignedToAdminId">;
// Fields are copied one by one, not spread: rows may carry more (a page's total), and copying a
// known shape is cheaper on a hot list.
export function toTicket(row: TicketRow) {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    description: row.description,
    status: row.status as (typeof TICKET_STATUSES)[number],
    priority: row.priority as (typeof TICKET_PRIORITIES)[number],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** Per artist, so people behind one address do not share a budget. */
const TICKET_RATE_LIMIT = { name: "tickets", max: 10, windowSeconds: 60 };

const errors = {
  401: { content: { "application/json": { schema: errorBodySchema } }, description: "Signed out" },
};

const listRoute = createRoute({
  method: "get",
  path: "/tickets",
  tags: ["Support"],
  summary: "The signed-in user's support tickets, newest first",
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ tickets: z.array(ticketSchema) }) } },
      description: "Tickets",
    },
    ...errors,
  },
});

const createTicketRoute = createRoute({
  method: "post",
  path: "/tickets",
  tags: ["Support"],
  summary: "Open a support ticket; its description is stored as the first message",
  request: { body: { content: { "application/json": { schema: createTicketSchema } }, required: true } },
  responses: {
    201: { content: { "application/json": { schema: z.object({ ticket: ticketSchema }) } }, description: "Created" },
    400: { content: { "application/json": { schema: errorBodySchema } }, description: "Invalid input" },
    429: { content: { "application/json": { schema: errorBodySchema } }, description: "Too many tickets" },
    ...errors,
  },
});

const ticketIdParams = z.object({ id: z.uuid({ message: "Ticket not found." }) });
const threadSchema = z.object({ ticket: ticketSchema, messages: z.array(ticketMessageSchema) });

const getRoute = createRoute({
  method: "get",
  path: "/tickets/{id}",
  tags: ["Support"],
  summary: "One of the user's tickets with its messages, oldest first",
  request: { params: ticketIdParams },
  responses: {
    200: { content: { "application/json": { schema: threadSchema } }, description: "Ticket thread" },
    ...errors,
    404: { content: { "application/json": { schema: errorBodySchema } }, description: "Not yours or absent" },
  },
});

const replyRoute = createRoute({
  method: "post",
  path: "/tickets/{id}/messages",
  tags: ["Support"],
  summary: "Reply on one's own ticket",
  request: {
    params: ticketIdParams,
    body: { content: { "application/json": { schema: replySchema } }, required: true },
  },
  responses: {
    201: { content: { "application/json": { schema: threadSchema } }, description: "Reply stored" },
    400: { content: { "application/json": { schema: errorBodySchema } }, description: "Empty reply" },
    ...errors,
    404: { content: { "application/json": { schema: errorBodySchema } }, description: "Not yours or absent" },
  },
});

async function ownTicket(db: Db, ticketId: string, userId: string) {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId)));
  if (!row) throw new ApiError(404, "NOT_FOUND", "Ticket not found.");
  return row;
}

export const ticketsRouter = createRouter()
  .openapi(getRoute, async (c) => {
    const user = await requireUser(c);
    const db = c.get("deps").database.db;
    const ticket = await ownTicket(db, c.req.valid("param").id, user.id);
    return c.json({ ticket: toTicket(ticket), messages: await loadThread(db, ticket.id) }, 200);
  })
  .openapi(replyRoute, async (c) => {
    const user = await requireUser(c);
    const { message } = c.req.valid("json");
    const db = c.get("deps").database.db;
    const ticket = await ownTicket(db, c.req.valid("param").id, user.id);
    await enforceRateLimit(c, TICKET_RATE_LIMIT, `${user.id}:reply`);
    await db.transaction(async (tx) => {
      await tx
        .insert(supportTicketMessages)
        .values({ ticketId: ticket.id, senderId: user.id, message, isAdminReply: false });
      await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    });
    const [fresh] = await db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, ticket.id));
    return c.json({ ticket: toTicket(fresh ?? ticket), messages: await loadThread(db, ticket.id) }, 201);
  })
  .openapi(listRoute, async (c) => {
    const user = await requireUser(c);
    const rows = await c
      .get("deps")
      .database.db.select(ticketColumns)
      .from(supportTickets)
      .where(eq(supportTickets.userId, user.id))
      .orderBy(desc(supportTickets.createdAt))
      .limit(500);
    return c.json({ tickets: rows.map(toTicket) }, 200);
  })
  .openapi(createTicketRoute, async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    await enforceRateLimit(c, TICKET_RATE_LIMIT, user.id);
    // The ticket and its first message are written together or not at all.
    const ticket = await c.get("deps").database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(supportTickets)
        .values({ userId: user.id, subject: input.subject, description: input.description })
        .returning(ticketColumns);
      if (!created) throw new Error("ticket insert returned nothing");
      await tx
        .insert(supportTicketMessages)
        .values({ ticketId: created.id, senderId: user.id, message: input.description, isAdminReply: false });
      return created;
    });
    return c.json({ ticket: toTicket(ticket) }, 201);
  });
