import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProfileInput, profileSchema } from "#domain/settings";
import { call, client } from "#web/lib/api-client";
import { sessionQueryOptions } from "#web/lib/session";
import { profileQueryOptions } from "./get-profile";

export { profileSchema };

/** The header shows the user's name and picture from the session: read it again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

/** PUT /api/profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (input: ProfileInput) => call(client.profile.$put({ json: input })),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return refresh();
    },
  });
}
