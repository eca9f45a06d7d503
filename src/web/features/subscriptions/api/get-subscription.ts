import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type SubscriptionOverview = Answer<typeof client.subscription.$get>;
export type Subscription = SubscriptionOverview["history"][number];

/** GET /api/subscription: the plan in force, the current record and the history. */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ["subscription"],
  queryFn: () => call(client.subscription.$get()),
});

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}
