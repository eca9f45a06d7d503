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

/** POST /api/releases: submits a release for review. */
export function useCreateRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) => call(client.releases.$post({ json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}
