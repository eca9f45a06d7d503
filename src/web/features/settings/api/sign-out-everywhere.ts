import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

/** POST /api/auth/revoke-other-sessions. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => authApi<unknown>("/auth/revoke-other-sessions", { body: {} }) });
}
