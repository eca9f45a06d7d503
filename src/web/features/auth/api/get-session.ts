import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "artist";
  image: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: () => api<{ user: SessionUser | null }>("/session").then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
