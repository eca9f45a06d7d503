import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

// The server's own shape (the typed contract).
export type UploadCheck = Answer<(typeof client.uploads)[":id"]["check"]["$get"]>["upload"];

/** GET /api/uploads/:id/check: the quality check's verdict on one of the artist's finished uploads. */
export function useUploadCheck(uploadId: string) {
  return useQuery({
    queryKey: ["uploads", uploadId, "check"],
    queryFn: async () => (await call(client.uploads[":id"].check.$get({ param: { id: uploadId } }))).upload,
    enabled: uploadId !== "",
    // The verdict of a file never changes; an unfinished one is asked again shortly.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data && !query.state.data.finished ? 1500 : false),
  });
}
