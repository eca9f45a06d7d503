import { createRoute, z } from "@hono/zod-openapi";
import { desc } from "drizzle-orm";
import { CONTACT } from "#domain/business";
import { contactMessageSchema } from "#domain/contact";
import { getSessionUser, requireAdmin } from "#server/auth/guards";
import { contactMessages } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { rateLimitByAddress } from "#server/lib/rate-limit";

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

export const contactRouter = createRouter()
  .openapi(listRoute, async (c) => {
    await requireAdmin(c);
    const { limit } = c.req.valid("query");
    const rows = await c
      .get("deps")
      .database.db.select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(limit);
    return c.json({ messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
  })
  .openapi(route, async (c) => {
    const input = c.req.valid("json");
    const { database, mailer, logger } = c.get("deps");
    const user = await getSessionUser(c);
    const [stored] = await database.db
      .insert(contactMessages)
      .values({ ...input, userId: user?.id ?? null })
      .returning({ id: contactMessages.id });
    if (!stored) throw new Error("contact insert returned nothing");
    // The message is safe in the database; a mail failure is logged, not shown as a lost message.
    try {
      await mailer.send({
        to: CONTACT.supportEmail,
        subject: `[Contact] ${input.subject}`,
        text: `From: ${input.name} <${input.email}>\nMessage id: ${stored.id}\n\n${input.message}`,
      });
    } catch (err) {
      logger.error({ err, contactMessageId: stored.id }, "could not mail contact message");
    }
    return c.json({ id: stored.id }, 201);
  });
