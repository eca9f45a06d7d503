import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

/** POST /api/auth/two-factor/enable: the authenticator link and backup codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      authApi<{ totpURI: string; backupCodes: string[] }>("/auth/two-factor/enable", { body: { password } }),
  });
}
