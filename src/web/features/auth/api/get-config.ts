import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

export const configQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: () => call(client.config.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
