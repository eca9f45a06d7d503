import { createRoute, z } from "@hono/zod-openapi";
import { contactMessageSchema } from "#domain/contact";
import { getSessionUser, requireAdmin } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { rateLimitByAddress } from "#server/lib/rate-limit";
import { listContactMessages, sendContactMessage } from "./contact.service";

const route = createRoute({
  method: "post",
  path: "/contact",
  tags: ["Public"],
  summary: "Send a message to the Kalrav team (stored, and mailed to support)",
  middleware: [rateLimitByAddress({ name: "contact", max: 5, windowSeconds: 60 })] as const,
  request: { body: { content: { "application/json": { schema: contactMessageSchema } }, required: true } },
  responses: {
    201: { content: { "application/json": { schema: z.object({ id: z.string() }) } }, description: "Stored" },
    400: { content: { "application/json": { schema: errorBodySchema } }, description: "Invalid input" },
    429: { content: { "application/json": { schema: errorBodySchema } }, description: "Too many messages" },
  },
});

const storedMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
  })
  .openapi("ContactMessage");

const listRoute = createRoute({
  method: "get",
  path: "/admin/contact-messages",
  tags: ["Admin"],
  summary: "Messages sent through the contact form, newest first (admins only)",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }) },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ messages: z.array(storedMessageSchema) }) } },
      description: "Messages",
    },
    401: { content: { "application/json": { schema: errorBodySchema } }, description: "Signed out" },
    403: { content: { "application/json": { schema: errorBodySchema } }, description: "Not an admin" },
  },
});

// Thin routes: validate, authorize, call the service (contact.service.ts), shape the answer.
export const contactRouter = createRouter()
  .openapi(listRoute, async (c) => {
    await requireAdmin(c);
    return c.json({ messages: await listContactMessages(c.get("deps").database.db, c.req.valid("query").limit) }, 200);
  })
  .openapi(route, async (c) => {
    const input = c.req.valid("json");
    const user = await getSessionUser(c);
    const id = await sendContactMessage(c.get("deps"), input, user?.id ?? null);
    return c.json({ id }, 201);
  });
