import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanId } from "#domain/plans";
import { type Answer, call, client } from "#web/lib/api-client";

export type SubscriptionOverview = Answer<typeof client.subscription.$get>;
export type Subscription = SubscriptionOverview["history"][number];

export const subscriptionQueryOptions = queryOptions({
  queryKey: ["subscription"],
  queryFn: () => call(client.subscription.$get()),
});

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}

function useSubscriptionMutation<T>(run: (input: T) => Promise<SubscriptionOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, data);
      // Royalty figures depend on the plan's share.
      return queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

export const useChangePlan = () =>
  useSubscriptionMutation((planId: PlanId) => call(client.subscription.$post({ json: { planId } })));
export const useCancelSubscription = () => useSubscriptionMutation(() => call(client.subscription.cancel.$post()));
export const useResumeSubscription = () => useSubscriptionMutation(() => call(client.subscription.resume.$post()));
