import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Royalties = Answer<typeof client.royalties.$get>;
export type Payout = Royalties["payouts"][number];

export const royaltiesQueryOptions = queryOptions({
  queryKey: ["royalties"],
  queryFn: () => call(client.royalties.$get()),
});
export const useRoyalties = () => useQuery(royaltiesQueryOptions);

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.royalties.payouts.$post()),
    onSuccess: (data) => queryClient.setQueryData(royaltiesQueryOptions.queryKey, data),
  });
}
