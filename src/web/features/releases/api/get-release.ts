import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { qualityInProgress, releaseKeys } from "./keys";

// The server's own shapes (the typed contract).
export type ReleaseDetail = Answer<(typeof client.releases)[":id"]["$get"]>;
export type Release = ReleaseDetail["release"];
export type Track = ReleaseDetail["tracks"][number];
export type QualityReport = ReleaseDetail["quality"];
export type DeliveryState = ReleaseDetail["delivery"];
export type ReleaseHistoryEntry = ReleaseDetail["history"][number];

/** GET /api/releases/:id: one of the artist's releases, polled while its check runs. */
export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...releaseKeys.all, "detail", id],
    queryFn: () => call(client.releases[":id"].$get({ param: { id } })),
    // Every 2 s while its check runs; every 10 s while stores are still to answer.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (qualityInProgress(data?.quality.status)) return 2000;
      return data?.stores.some((s) => s.state === "sending" || s.state === "delivered") ? 10_000 : false;
    },
  });

export function useRelease(id: string) {
  return useQuery(releaseQueryOptions(id));
}
