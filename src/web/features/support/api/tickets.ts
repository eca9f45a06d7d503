import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateTicketInput } from "#domain/support";
import type { TicketPriority, TicketStatus } from "#domain/tickets";
import { api } from "#web/lib/api-client";

export interface Ticket {
  id: string;
  number: number;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export const ticketsQueryOptions = queryOptions({
  queryKey: ["tickets"],
  queryFn: () => api<{ tickets: Ticket[] }>("/tickets").then((r) => r.tickets),
});

export function useTickets() {
  return useQuery(ticketsQueryOptions);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) =>
      api<{ ticket: Ticket }>("/tickets", { body: input }).then((r) => r.ticket),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryOptions.queryKey }),
  });
}

export interface TicketMessage {
  id: string;
  message: string;
  isAdminReply: boolean;
  senderName: string;
  sentAt: string;
}

export const ticketThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["tickets", "thread", id],
    queryFn: () => api<{ ticket: Ticket; messages: TicketMessage[] }>(`/tickets/${encodeURIComponent(id)}`),
  });

export const useTicketThread = (id: string) => useQuery(ticketThreadQueryOptions(id));

export function useReplyToOwnTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api<{ ticket: Ticket; messages: TicketMessage[] }>(`/tickets/${encodeURIComponent(id)}/messages`, {
        body: { message },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(ticketThreadQueryOptions(id).queryKey, data);
      return queryClient.invalidateQueries({ queryKey: ticketsQueryOptions.queryKey, exact: true });
    },
  });
}
