import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/releases/:id/quality-check: runs the quality check again. */
export const useRecheckRelease = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => call(client.admin.releases[":id"]["quality-check"].$post({ param: { id } })),
    onSuccess: invalidate,
  });
};
