import { z } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { supportTicketMessages, users } from "#server/db/schema";

export const ticketMessageSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    isAdminReply: z.boolean(),
    senderName: z.string(),
    sentAt: z.string(),
  })
  .openapi("TicketMessage");

/** A ticket's messages, oldest first; admin replies are signed by the team, not a person. */
export async function loadThread(db: Db, ticketId: string) {
  const rows = await db
    .select({
      id: supportTicketMessages.id,
      message: supportTicketMessages.message,
      isAdminReply: supportTicketMessages.isAdminReply,
      sentAt: supportTicketMessages.sentAt,
      senderName: users.name,
    })
    .from(supportTicketMessages)
    .leftJoin(users, eq(users.id, supportTicketMessages.senderId))
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.sentAt), asc(supportTicketMessages.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    isAdminReply: r.isAdminReply,
    senderName: r.isAdminReply ? "Kalrav Support" : (r.senderName ?? "Deleted user"),
    sentAt: r.sentAt.toISOString(),
  }));
}
