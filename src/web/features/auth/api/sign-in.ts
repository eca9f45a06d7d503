import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput } from "#domain/auth";
import { authApi } from "#web/lib/api-client";
import { type SessionUser, sessionQueryOptions } from "#web/lib/session";

/** The auth library's sign-in body: the login form's fields (#domain/auth). */
export type SignInInput = Required<LoginInput>;

export type SignInResult = { kind: "signed-in"; user: SessionUser | null } | { kind: "two-factor" };

/** Signs in, then reads the session so the caller can navigate by role; with 2FA on, a code comes first. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SignInResult> => {
      const result = await authApi<{ twoFactorRedirect?: boolean }>("/auth/sign-in/email", { body: input });
      if (result?.twoFactorRedirect) return { kind: "two-factor" };
      return { kind: "signed-in", user: await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }) };
    },
  });
}

/** The second step: a code from the authenticator app, or one of the backup codes. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, backup }: { code: string; backup: boolean }) => {
      await authApi<unknown>(backup ? "/auth/two-factor/verify-backup-code" : "/auth/two-factor/verify-totp", {
        body: { code },
      });
      return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
