import { useMutation } from "@tanstack/react-query";
import { type ReleaseMetadataInput, releaseMetadataSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

export { releaseMetadataSchema };

/** PATCH /api/admin/releases/:id: an admin edits a release's metadata (and may set its status). */
export const useEditRelease = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: ReleaseMetadataInput & { id: string }) =>
      call(client.admin.releases[":id"].$patch({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
};
