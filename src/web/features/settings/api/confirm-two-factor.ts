import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";
import { sessionQueryOptions } from "#web/lib/session";

/** The header shows the user's name and picture from the session: read it again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

/** POST /api/auth/two-factor/verify-totp: the first code turns two-factor on. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (code: string) => authApi<unknown>("/auth/two-factor/verify-totp", { body: { code } }),
    onSuccess: refresh,
  });
}
