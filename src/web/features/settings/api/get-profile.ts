import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Profile = Answer<typeof client.profile.$get>;

/** GET /api/profile. */
export const profileQueryOptions = queryOptions({ queryKey: ["profile"], queryFn: () => call(client.profile.$get()) });
export const useProfile = () => useQuery(profileQueryOptions);
