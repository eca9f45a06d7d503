import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { type NotificationList, notificationsQueryOptions } from "./get-notifications";

/** POST /api/notifications/:id/read or /api/notifications/read-all; answers the list as it now stands. */
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
