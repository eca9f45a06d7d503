export const TICKET_STATUSES = ["open", "in_progress", "closed", "on_hold"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ["high", "medium", "low"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = "medium";

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  closed: "Closed",
  on_hold: "On Hold",
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { high: "High", medium: "Medium", low: "Low" };
