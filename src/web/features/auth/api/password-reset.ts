import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      authApi<unknown>("/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      authApi<unknown>("/auth/reset-password", { body: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      authApi<unknown>("/auth/send-verification-email", { body: { email, callbackURL: "/login?verified=1" } }),
  });
}
