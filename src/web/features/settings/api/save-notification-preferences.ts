import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationPreferencesSchema } from "#domain/settings";
import { call, client } from "#web/lib/api-client";
import { type NotificationPreferences, preferencesQueryOptions } from "./get-notification-preferences";

export { notificationPreferencesSchema };

/** PUT /api/notification-preferences. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => call(client["notification-preferences"].$put({ json: input })),
    onSuccess: (prefs) => queryClient.setQueryData(preferencesQueryOptions.queryKey, prefs),
  });
}
