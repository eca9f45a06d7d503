import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReleaseInput, releaseInputSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";
import { releaseKeys } from "./keys";

export { releaseInputSchema };

/** Lists, details and the dashboard all show releases. */
function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT }),
    ]);
}

/** PUT /api/releases/:id: changes a release still pending review. */
export function useUpdateRelease(id: string) {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) =>
      call(client.releases[":id"].$put({ param: { id }, json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}
