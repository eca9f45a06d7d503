import { z } from "@hono/zod-openapi";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "#domain/tickets";
import { supportTickets } from "#server/db/schema";

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
