import type { PlanId } from "#domain/plans";
import { changePlanSchema } from "#domain/subscriptions";
import { call, client } from "#web/lib/api-client";
import { useSubscriptionMutation } from "./subscription-mutation";

export { changePlanSchema };

/** POST /api/subscription: moves to another plan from today. */
export const useChangePlan = () =>
  useSubscriptionMutation((planId: PlanId) => call(client.subscription.$post({ json: { planId } })));
