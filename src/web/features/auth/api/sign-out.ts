import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authApi<unknown>("/auth/sign-out", { body: {} }),
    onSuccess: () => {
      // Nothing of the previous user may linger in the cache.
      queryClient.clear();
      queryClient.setQueryData(["session"], null);
    },
  });
}
