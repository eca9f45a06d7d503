import { call, client } from "#web/lib/api-client";
import { useSubscriptionMutation } from "./subscription-mutation";

/** POST /api/subscription/cancel: the plan ends with its period. */
export const useCancelSubscription = () => useSubscriptionMutation(() => call(client.subscription.cancel.$post()));
