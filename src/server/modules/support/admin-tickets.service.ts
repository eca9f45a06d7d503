// The admin's support use cases (the ticket queue, replies, triage), as plain functions over their
// dependencies: no HTTP here. admin-tickets.routes.ts validates, authorizes and shapes the answers.

import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { t } from "#domain/i18n";
import { statusAfterAdminReply, type TicketStatus, type ticketUpdateSchema } from "#domain/tickets";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { ticketCount } from "#server/db/row-counts";
import { supportTicketMessages, supportTickets, users } from "#server/db/schema";
import { type ListSpec, ownerMatches } from "#server/lib/admin-common";
import { DomainError } from "#server/lib/domain-error";
import { pageParts } from "#server/lib/paging";
import { notifyUser } from "#server/modules/notifications";
import { loadThread } from "./thread";
import { ticketColumns, toTicket } from "./ticket.schema";

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
export function ticketsPage(db: Db, f: ListSpec<"status" | "priority" | "pattern">) {
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

export function toAdminTicket(row: AdminTicketRow) {
  return {
    ...toTicket(row),
    userId: row.userId,
    assignedTo: row.assignedTo,
    userName: row.userName,
    userEmail: row.userEmail,
  };
}
type AdminTicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

export async function oneTicket(db: Db, id: string) {
  const [row] = await selectTickets(db, eq(supportTickets.id, id));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.ticketNotFound"));
  return toAdminTicket(row);
}

/** A ticket with its whole thread. */
export async function ticketThread(db: Db, id: string) {
  const ticket = await oneTicket(db, id);
  return { ticket, messages: await loadThread(db, ticket.id) };
}

/** The team's reply: stored, the ticket's status moved on, and its owner told. */
export async function replyAsSupport(
  deps: Pick<AppDeps, "database" | "mailer" | "logger" | "publicUrl">,
  id: string,
  message: string,
) {
  const db = deps.database.db;
  const ticket = await oneTicket(db, id);
  await db.transaction(async (tx) => {
    // Admin replies carry no sender (product §3): they come from the support team.
    await tx.insert(supportTicketMessages).values({ ticketId: ticket.id, senderId: null, message, isAdminReply: true });
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
      title: () => t("ticket.notice.replyTitle", { number: ticket.number }),
      body: () => t("ticket.notice.reply", { subject: ticket.subject }),
      link: `/app/support?ticket=${ticket.id}`,
    },
  );
  return ticketThread(db, ticket.id);
}

/** Status, priority and assignee; closing stamps the time, reopening clears it. */
export async function updateTicket(db: Db, id: string, input: z.output<typeof ticketUpdateSchema>) {
  const ticket = await oneTicket(db, id);
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
  return oneTicket(db, ticket.id);
}

/** Deletes a ticket and its messages. */
export async function deleteTicket(db: Db, id: string): Promise<string> {
  const [row] = await db.delete(supportTickets).where(eq(supportTickets.id, id)).returning({ id: supportTickets.id });
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.ticketNotFound"));
  return row.id;
}
