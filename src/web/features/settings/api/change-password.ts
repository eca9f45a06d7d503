import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

/** POST /api/auth/change-password: other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      authApi<unknown>("/auth/change-password", { body: { ...input, revokeOtherSessions: true } }),
  });
}
