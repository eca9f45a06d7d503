import { useMutation } from "@tanstack/react-query";
import { type ReleaseInput, releaseInputSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { useInvalidateReleases } from "./keys";

export { releaseInputSchema };

/** PUT /api/releases/:id: changes a release still pending review. */
export function useUpdateRelease(id: string) {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) =>
      call(client.releases[":id"].$put({ param: { id }, json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}
