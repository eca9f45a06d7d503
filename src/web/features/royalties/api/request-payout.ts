import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { royaltiesQueryOptions } from "./get-royalties";

/** POST /api/royalties/payouts: asks for the available balance; answers the new figures. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountPaise?: number) =>
      call(client.royalties.payouts.$post({ json: amountPaise === undefined ? {} : { amountPaise } })),
    onSuccess: (data) => queryClient.setQueryData(royaltiesQueryOptions.queryKey, data),
  });
}
