import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateReleases } from "./keys";

/** DELETE /api/releases/:id: withdraws a release still pending review. */
export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => call(client.releases[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
