import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Ticket = Answer<typeof client.tickets.$get>["tickets"][number];

/** GET /api/tickets: the artist's tickets, newest first. */
export const ticketsQueryOptions = queryOptions({
  queryKey: ["tickets"],
  queryFn: () => call(client.tickets.$get()).then((r) => r.tickets),
});

export function useTickets() {
  return useQuery(ticketsQueryOptions);
}
