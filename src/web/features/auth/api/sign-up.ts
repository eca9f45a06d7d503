import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      authApi<{ user: { name: string; emailVerified: boolean } }>("/auth/sign-up/email", {
        body: { ...input, callbackURL: "/login?verified=1" },
      }),
  });
}
