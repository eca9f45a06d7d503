import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateTicketInput, createTicketSchema } from "#domain/support";
import { call, client } from "#web/lib/api-client";
import { ticketsQueryOptions } from "./get-tickets";

export { createTicketSchema };

/** POST /api/tickets: opens a ticket. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => call(client.tickets.$post({ json: input })).then((r) => r.ticket),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryOptions.queryKey }),
  });
}
