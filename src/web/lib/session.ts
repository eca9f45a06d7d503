import { queryOptions, useQuery } from "@tanstack/react-query";
import { allows, type Permission } from "#domain/workspaces";
import { type Answer, call, client } from "#web/lib/api-client";

export type SessionUser = NonNullable<Answer<typeof client.session.$get>["user"]>;

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: () => call(client.session.$get()).then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * Whether the signed-in person's role in the active workspace allows `permission`: screens offer only
 * what the server will accept (it decides anyway).
 */
export function useCan(permission: Permission): boolean {
  const { data: user } = useSession();
  return Boolean(user?.workspace && allows(user.workspace, permission));
}
