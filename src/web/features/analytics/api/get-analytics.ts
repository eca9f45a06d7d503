import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Analytics = Answer<typeof client.analytics.$get>;

export function useAnalytics(from: string, to: string) {
  return useQuery({
    queryKey: ["analytics", from, to],
    queryFn: () => call(client.analytics.$get({ query: { from, to } })),
    placeholderData: keepPreviousData,
  });
}
