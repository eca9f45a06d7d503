import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type NotificationPreferences = Answer<(typeof client)["notification-preferences"]["$get"]>;

/** GET /api/notification-preferences. */
export const preferencesQueryOptions = queryOptions({
  queryKey: ["notification-preferences"],
  queryFn: () => call(client["notification-preferences"].$get()),
});
export const usePreferences = () => useQuery(preferencesQueryOptions);
