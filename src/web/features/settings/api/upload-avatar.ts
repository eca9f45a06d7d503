import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upload } from "#web/lib/api-client";
import { sessionQueryOptions } from "#web/lib/session";
import { type Profile, profileQueryOptions } from "./get-profile";

/** The header shows the user's name and picture from the session: read it again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

/** POST /api/profile/avatar: a multipart upload (the picture goes as a file, not JSON). */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return upload<Profile>("/profile/avatar", form);
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return refresh();
    },
  });
}
