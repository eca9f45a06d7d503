import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";
import { type SubscriptionOverview, subscriptionQueryOptions } from "./get-subscription";

/** A plan change: the answer is the new overview, and the dashboard's royalties follow the plan's share. */
export function useSubscriptionMutation<T>(run: (input: T) => Promise<SubscriptionOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, data);
      return queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT });
    },
  });
}
