import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type PayoutAccountInput, payoutAccountSchema } from "#domain/settings";
import { call, client } from "#web/lib/api-client";
import { payoutQueryOptions } from "./get-payout-account";

export { payoutAccountSchema };

/** PUT /api/payout-account. */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountInput) =>
      call(client["payout-account"].$put({ json: input })).then((r) => r.account),
    onSuccess: (account) => queryClient.setQueryData(payoutQueryOptions.queryKey, account),
  });
}
