import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type PayoutAccount = NonNullable<Answer<(typeof client)["payout-account"]["$get"]>["account"]>;

/** GET /api/payout-account. */
export const payoutQueryOptions = queryOptions({
  queryKey: ["payout-account"],
  queryFn: () => call(client["payout-account"].$get()).then((r) => r.account),
});
export const usePayoutAccount = () => useQuery(payoutQueryOptions);
