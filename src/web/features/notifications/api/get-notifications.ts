import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type NotificationList = Answer<typeof client.notifications.$get>;
export type AppNotification = NotificationList["notifications"][number];

/** GET /api/notifications: new notices arrive when an admin acts; a minute's delay is fine for a bell. */
export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => call(client.notifications.$get()),
  refetchInterval: 60_000,
});

export const useNotifications = () => useQuery(notificationsQueryOptions);
