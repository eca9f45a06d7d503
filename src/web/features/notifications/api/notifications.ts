import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

export interface AppNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}
interface NotificationList {
  notifications: AppNotification[];
  unread: number;
}

export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => api<NotificationList>("/notifications"),
  // New notices arrive when an admin acts; a minute's delay is fine for a bell.
  refetchInterval: 60_000,
});

export const useNotifications = () => useQuery(notificationsQueryOptions);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | "all") =>
      api<NotificationList>(id === "all" ? "/notifications/read-all" : `/notifications/${id}/read`, { body: {} }),
    onSuccess: (data) => queryClient.setQueryData(notificationsQueryOptions.queryKey, data),
  });
}
