import { z } from "zod";
import { labelsAt, t } from "./i18n";

export const TICKET_STATUSES = ["open", "in_progress", "closed", "on_hold"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ["high", "medium", "low"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = "medium";

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  get open() {
    return t("ticket.status.open");
  },
  get in_progress() {
    return t("ticket.status.in_progress");
  },
  get closed() {
    return t("ticket.status.closed");
  },
  get on_hold() {
    return t("ticket.status.on_hold");
  },
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  get high() {
    return t("ticket.priority.high");
  },
  get medium() {
    return t("ticket.priority.medium");
  },
  get low() {
    return t("ticket.priority.low");
  },
};

export const TICKET_MESSAGES = labelsAt("ticket.msg", [
  "emptyReply",
  "replySentTitle",
  "sendFailed",
  "loadDetailsFailed",
  "fetchFailedTitle",
  "updateFailedTitle",
  "assignPrompt",
  "nothingToChange",
]);

export const replySchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, { error: () => TICKET_MESSAGES.emptyReply })
    .max(5000),
});

/** Ticket changes an admin makes; closing records closed_at, reopening clears it (product §4). */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assignedTo: z.string().trim().max(120).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignedTo !== undefined, {
    error: () => TICKET_MESSAGES.nothingToChange,
  });

/** An admin reply moves an open ticket to in progress and keeps any other status. */
export function statusAfterAdminReply(status: TicketStatus): TicketStatus {
  return status === "open" ? "in_progress" : status;
}
