import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";
import { sessionQueryOptions } from "#web/lib/session";

/** The header shows the user's name and picture from the session: read it again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

/** POST /api/auth/two-factor/disable. */
export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (password: string) => authApi<unknown>("/auth/two-factor/disable", { body: { password } }),
    onSuccess: refresh,
  });
}
