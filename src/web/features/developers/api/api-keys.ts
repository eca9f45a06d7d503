import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyInput } from "#domain/api-keys";
import { type Answer, call, client } from "#web/lib/api-client";

export type ApiKeyList = Answer<(typeof client)["api-keys"]["$get"]>;
export type ApiKey = ApiKeyList["keys"][number];
const KEYS = ["api-keys"] as const;

/** GET /api/api-keys: the workspace's keys (never their secrets). */
export const useApiKeys = () => useQuery({ queryKey: KEYS, queryFn: () => call(client["api-keys"].$get()) });

/** POST /api/api-keys: the answer carries the secret, once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => call(client["api-keys"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

/** DELETE /api/api-keys/:id. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client["api-keys"][":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
