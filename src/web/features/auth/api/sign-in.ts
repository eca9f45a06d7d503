import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { sessionQueryOptions } from "./get-session";

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Signs in, then reads the session so the caller can navigate by role. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await api<unknown>("/auth/sign-in/email", { body: input });
      return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
