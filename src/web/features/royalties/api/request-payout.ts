import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { royaltiesQueryOptions } from "./get-royalties";

/** POST /api/royalties/payouts: asks for the available balance; answers the new figures. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amountPaise?: number; password?: string } = {}) =>
      call(client.royalties.payouts.$post({ json: input })),
    onSuccess: (data) => queryClient.setQueryData(royaltiesQueryOptions.queryKey, data),
  });
}
