import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanId } from "#domain/plans";
import { changePlanSchema } from "#domain/subscriptions";
import { call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";
import { type SubscriptionOverview, subscriptionQueryOptions } from "./get-subscription";

export { changePlanSchema };

/** The answer is the new overview; royalty figures depend on the plan's share. */
function useSubscriptionMutation<T>(run: (input: T) => Promise<SubscriptionOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, data);
      return queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT });
    },
  });
}

/** POST /api/subscription: moves to another plan from today. */
export const useChangePlan = () =>
  useSubscriptionMutation((planId: PlanId) => call(client.subscription.$post({ json: { planId } })));
