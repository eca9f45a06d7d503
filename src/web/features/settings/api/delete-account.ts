import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";
import { sessionQueryOptions } from "#web/lib/session";

/** POST /api/auth/delete-user (with the password): nothing of the account may linger in the cache. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => authApi<unknown>("/auth/delete-user", { body: { password } }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    },
  });
}
