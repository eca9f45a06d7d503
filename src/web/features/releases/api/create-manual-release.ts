import { useMutation } from "@tanstack/react-query";
import { type ManualReleaseInput, manualReleaseSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

export { manualReleaseSchema };

/** POST /api/admin/releases: a release entered by hand, with no owner. */
export const useManualRelease = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: ManualReleaseInput) => call(client.admin.releases.$post({ json: input })),
    onSuccess: invalidate,
  });
};
