import { call, client } from "#web/lib/api-client";
import { useSubscriptionMutation } from "./subscription-mutation";

/** POST /api/subscription/resume: undoes a cancellation before the period ends. */
export const useResumeSubscription = () => useSubscriptionMutation(() => call(client.subscription.resume.$post()));
