import { useMutation } from "@tanstack/react-query";
import { authApi } from "#web/lib/api-client";

/** POST /api/auth/change-email (the auth library's): a link goes to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: ({ newEmail, password }: { newEmail: string; password: string }) =>
      authApi<unknown>("/auth/change-email", { body: { newEmail, password, callbackURL: "/app/settings" } }),
  });
}
