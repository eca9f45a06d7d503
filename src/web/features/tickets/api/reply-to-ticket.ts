import { useMutation, useQueryClient } from "@tanstack/react-query";
import { replySchema } from "#domain/tickets";
import { call, client } from "#web/lib/api-client";
import { type TicketThread, ticketThreadQueryOptions } from "./get-ticket";
import { ticketsQueryOptions } from "./get-tickets";

export { replySchema };

/** POST /api/tickets/:id/messages: the artist's reply on their ticket. */
export function useReplyToOwnTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string): Promise<TicketThread> =>
      call(client.tickets[":id"].messages.$post({ param: { id }, json: { message } })),
    onSuccess: (data) => {
      queryClient.setQueryData(ticketThreadQueryOptions(id).queryKey, data);
      return queryClient.invalidateQueries({ queryKey: ticketsQueryOptions.queryKey, exact: true });
    },
  });
}
