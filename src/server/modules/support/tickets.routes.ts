import { createRoute, z } from "@hono/zod-openapi";
import { t } from "#domain/i18n";
import { createTicketSchema } from "#domain/support";
import { replySchema } from "#domain/tickets";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { disputeIdentifier } from "./identifier-disputes";
import { ticketMessageSchema } from "./thread";
import { ticketSchema } from "./ticket.schema";
import { listOwnTickets, openTicket, ownTicket, ownTicketThread, replyOnOwnTicket } from "./tickets.service";

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

const ticketIdParams = z.object({ id: z.uuid({ message: t("server.ticketNotFound") }) });
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

const disputeRoute = createRoute({
  method: "post",
  path: "/identifier-disputes",
  tags: ["Support"],
  summary: "Dispute a UPC or ISRC another release holds: opens a support ticket with the evidence",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            code: z.string().trim().min(1, "Enter the code.").max(20),
            evidence: z
              .string()
              .trim()
              .min(20, "Say how the code is yours (e.g. where you bought it, the store page that shows it).")
              .max(4000),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: {
      content: { "application/json": { schema: z.object({ ticket: ticketSchema, message: z.string() }) } },
      description: "Dispute opened as a ticket",
    },
    400: { content: { "application/json": { schema: errorBodySchema } }, description: "Invalid input" },
    404: { content: { "application/json": { schema: errorBodySchema } }, description: "No other release holds it" },
    429: { content: { "application/json": { schema: errorBodySchema } }, description: "Too many tickets" },
    ...errors,
  },
});

// Thin routes: validate, authorize, call the service (tickets.service.ts), shape the answer.
export const ticketsRouter = createRouter()
  .openapi(getRoute, async (c) => {
    const { workspace } = await requireMember(c, "support:use");
    return c.json(await ownTicketThread(c.get("deps").database.db, workspace.id, c.req.valid("param").id), 200);
  })
  .openapi(replyRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "support:use");
    const { message } = c.req.valid("json");
    const db = c.get("deps").database.db;
    const ticket = await ownTicket(db, workspace.id, c.req.valid("param").id);
    await enforceRateLimit(c, TICKET_RATE_LIMIT, `${user.id}:reply`);
    return c.json(await replyOnOwnTicket(db, user.id, ticket, message), 201);
  })
  .openapi(listRoute, async (c) => {
    const { workspace } = await requireMember(c, "support:use");
    return c.json({ tickets: await listOwnTickets(c.get("deps").database.db, workspace.id) }, 200);
  })
  .openapi(disputeRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "support:use");
    await enforceRateLimit(c, TICKET_RATE_LIMIT, user.id);
    return c.json(await disputeIdentifier(c.get("deps").database.db, workspace.id, c.req.valid("json")), 201);
  })
  .openapi(createTicketRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "support:use");
    const input = c.req.valid("json");
    await enforceRateLimit(c, TICKET_RATE_LIMIT, user.id);
    return c.json({ ticket: await openTicket(c.get("deps").database.db, workspace.id, input, user.id) }, 201);
  });
