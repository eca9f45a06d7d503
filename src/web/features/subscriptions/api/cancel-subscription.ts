import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";
import { type SubscriptionOverview, subscriptionQueryOptions } from "./get-subscription";

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

/** POST /api/subscription/cancel: the plan ends with its period. */
export const useCancelSubscription = () => useSubscriptionMutation(() => call(client.subscription.cancel.$post()));
