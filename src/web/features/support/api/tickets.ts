import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateTicketInput } from "#domain/support";
import { type Answer, call, client } from "#web/lib/api-client";

type TicketThread = Answer<(typeof client.tickets)[":id"]["$get"]>;
export type Ticket = Answer<typeof client.tickets.$get>["tickets"][number];
export type TicketMessage = TicketThread["messages"][number];

export const ticketsQueryOptions = queryOptions({
  queryKey: ["tickets"],
  queryFn: () => call(client.tickets.$get()).then((r) => r.tickets),
});

export function useTickets() {
  return useQuery(ticketsQueryOptions);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => call(client.tickets.$post({ json: input })).then((r) => r.ticket),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryOptions.queryKey }),
  });
}

export const ticketThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["tickets", "thread", id],
    queryFn: () => call(client.tickets[":id"].$get({ param: { id } })),
  });

export const useTicketThread = (id: string) => useQuery(ticketThreadQueryOptions(id));

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
