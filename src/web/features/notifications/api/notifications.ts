import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

type NotificationList = Answer<typeof client.notifications.$get>;
export type AppNotification = NotificationList["notifications"][number];

export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => call(client.notifications.$get()),
  // New notices arrive when an admin acts; a minute's delay is fine for a bell.
  refetchInterval: 60_000,
});

export const useNotifications = () => useQuery(notificationsQueryOptions);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | "all"): Promise<NotificationList> =>
      call(
        id === "all"
          ? client.notifications["read-all"].$post()
          : client.notifications[":id"].read.$post({ param: { id } }),
      ),
    onSuccess: (data) => queryClient.setQueryData(notificationsQueryOptions.queryKey, data),
  });
}
