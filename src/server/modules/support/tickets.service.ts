// The artist's support use cases, as plain functions over the database: no HTTP here. A refusal is a
// DomainError; tickets.routes.ts validates, authorizes, rate-limits and shapes the answers.

import { and, desc, eq } from "drizzle-orm";
import { t } from "#domain/i18n";
import type { CreateTicketInput } from "#domain/support";
import type { Db } from "#server/db/client";
import { supportTicketMessages, supportTickets } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { loadThread } from "./thread";
import { ticketColumns, toTicket } from "./ticket.schema";

/** One of the owner's tickets; another's or an absent one is "not found" alike. */
export async function ownTicket(db: Db, ownerId: string, ticketId: string) {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, ownerId)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.ticketNotFound"));
  return row;
}

export type OwnTicket = Awaited<ReturnType<typeof ownTicket>>;

/** The owner's tickets, newest first. */
export async function listOwnTickets(db: Db, ownerId: string) {
  const rows = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, ownerId))
    .orderBy(desc(supportTickets.createdAt))
    .limit(500);
  return rows.map(toTicket);
}

/**
 * Opens a ticket for a workspace: the ticket and its first message are written together or not at
 * all. `senderId` is the member who wrote it (the workspace's founder when omitted).
 */
export async function openTicket(db: Db, ownerId: string, input: CreateTicketInput, senderId = ownerId) {
  const ticket = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supportTickets)
      .values({ userId: ownerId, subject: input.subject, description: input.description })
      .returning(ticketColumns);
    if (!created) throw new Error("ticket insert returned nothing");
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: created.id, senderId, message: input.description, isAdminReply: false });
    return created;
  });
  return toTicket(ticket);
}

/** One of the owner's tickets with its messages, oldest first. */
export async function ownTicketThread(db: Db, ownerId: string, ticketId: string) {
  const ticket = await ownTicket(db, ownerId, ticketId);
  return { ticket: toTicket(ticket), messages: await loadThread(db, ticket.id) };
}

/** A member's reply on their workspace's ticket; answers the thread as it now stands. */
export async function replyOnOwnTicket(db: Db, senderId: string, ticket: OwnTicket, message: string) {
  await db.transaction(async (tx) => {
    await tx.insert(supportTicketMessages).values({ ticketId: ticket.id, senderId, message, isAdminReply: false });
    await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
  });
  const [fresh] = await db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, ticket.id));
  return { ticket: toTicket(fresh ?? ticket), messages: await loadThread(db, ticket.id) };
}
