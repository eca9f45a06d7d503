import { useMutation } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<unknown>("/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api<unknown>("/auth/reset-password", { body: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api<unknown>("/auth/send-verification-email", { body: { email, callbackURL: "/login?verified=1" } }),
  });
}
