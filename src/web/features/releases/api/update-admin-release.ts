import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReleaseMetadataInput, releaseMetadataSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export { releaseMetadataSchema };

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** PATCH /api/admin/releases/:id: an admin edits a release's metadata (and may set its status). */
export const useEditRelease = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: ReleaseMetadataInput & { id: string }) =>
      call(client.admin.releases[":id"].$patch({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
};
