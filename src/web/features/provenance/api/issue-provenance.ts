import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

/** POST /api/releases/:id/provenance: the release's signed record (the last one when nothing changed). */
export const useIssueProvenance = () =>
  useMutation({
    mutationFn: (releaseId: string) => call(client.releases[":id"].provenance.$post({ param: { id: releaseId } })),
  });
