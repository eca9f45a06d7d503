import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type SessionUser = NonNullable<Answer<typeof client.session.$get>["user"]>;

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: () => call(client.session.$get()).then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
