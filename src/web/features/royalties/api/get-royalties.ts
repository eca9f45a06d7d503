import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Royalties = Answer<typeof client.royalties.$get>;
export type Payout = Royalties["payouts"][number];

/** GET /api/royalties: earnings, balance and payouts. */
export const royaltiesQueryOptions = queryOptions({
  queryKey: ["royalties"],
  queryFn: () => call(client.royalties.$get()),
});
export const useRoyalties = () => useQuery(royaltiesQueryOptions);
