import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

export const configQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: () => api<{ requireEmailVerification: boolean }>("/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
