import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ManualReleaseInput, manualReleaseSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export { manualReleaseSchema };

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/releases: a release entered by hand, with no owner. */
export const useManualRelease = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: ManualReleaseInput) => call(client.admin.releases.$post({ json: input })),
    onSuccess: invalidate,
  });
};
