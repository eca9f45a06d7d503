import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";
import { releaseKeys } from "./keys";

/** Lists, details and the dashboard all show releases. */
function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT }),
    ]);
}

/** DELETE /api/releases/:id: withdraws a release still pending review. */
export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => call(client.releases[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
