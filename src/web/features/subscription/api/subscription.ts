import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanId } from "#domain/plans";
import type { SubscriptionStatus } from "#domain/subscriptions";
import { api } from "#web/lib/api-client";

export interface Subscription {
  id: string;
  planId: PlanId;
  status: SubscriptionStatus;
  startDate: string;
  endDate: string;
  amountPaise: number;
  currency: string;
  cancelAtPeriodEnd: boolean;
  paymentRetries: number;
  createdAt: string;
}

export interface SubscriptionOverview {
  currentPlanId: PlanId;
  current: Subscription | null;
  history: Subscription[];
}

export const subscriptionQueryOptions = queryOptions({
  queryKey: ["subscription"],
  queryFn: () => api<SubscriptionOverview>("/subscription"),
});

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}

function useSubscriptionMutation<T>(call: (input: T) => Promise<SubscriptionOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, data);
      // Royalty figures depend on the plan's share.
      return queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

export const useChangePlan = () =>
  useSubscriptionMutation((planId: PlanId) => api<SubscriptionOverview>("/subscription", { body: { planId } }));
export const useCancelSubscription = () =>
  useSubscriptionMutation(() => api<SubscriptionOverview>("/subscription/cancel", { body: {} }));
export const useResumeSubscription = () =>
  useSubscriptionMutation(() => api<SubscriptionOverview>("/subscription/resume", { body: {} }));
