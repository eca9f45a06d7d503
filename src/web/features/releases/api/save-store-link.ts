import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** PUT /api/admin/releases/:id/store-links/:store: where the release is on a store, entered by an admin. */
export const useSaveStoreLink = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, store, url }: { id: string; store: string; url: string }) =>
      call(client.admin.releases[":id"]["store-links"][":store"].$put({ param: { id, store }, json: { url } })),
    onSuccess: invalidate,
  });
};
