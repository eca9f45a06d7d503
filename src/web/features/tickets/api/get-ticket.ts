import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ticketsQueryOptions } from "./get-tickets";

export type TicketThread = Answer<(typeof client.tickets)[":id"]["$get"]>;
export type TicketMessage = TicketThread["messages"][number];

/** GET /api/tickets/:id: one of the artist's tickets with its messages. */
export const ticketThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ticketsQueryOptions.queryKey, "thread", id],
    queryFn: () => call(client.tickets[":id"].$get({ param: { id } })),
  });

export const useTicketThread = (id: string) => useQuery(ticketThreadQueryOptions(id));
