import { useMutation } from "@tanstack/react-query";
import type { RegisterInput } from "#domain/auth";
import { authApi } from "#web/lib/api-client";

/** The auth library's sign-up body: the registration form's fields, less the confirmation. */
export type SignUpInput = Pick<RegisterInput, "name" | "email" | "password">;

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      authApi<{ user: { name: string; emailVerified: boolean } }>("/auth/sign-up/email", {
        body: { ...input, callbackURL: "/login?verified=1" },
      }),
  });
}
