import { useMutation } from "@tanstack/react-query";
import { type ReleaseInput, releaseInputSchema } from "#domain/releases";
import { call, client } from "#web/lib/api-client";
import { useInvalidateReleases } from "./keys";

export { releaseInputSchema };

/** POST /api/releases: submits a release for review. */
export function useCreateRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (input: ReleaseInput) => call(client.releases.$post({ json: input })).then((r) => r.release),
    onSuccess: invalidate,
  });
}
