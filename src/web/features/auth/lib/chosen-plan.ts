import { useSearchParams } from "react-router";
import { type PlanId, SUBSCRIPTION_PLAN_IDS } from "#domain/plans";
import { homePathForRole } from "#domain/roles";
import { paths } from "#web/config/paths";

/**
 * "Get Started" on a plan card carries `?plan=<id>` through registration and sign-in to that plan's
 * checkout on the Subscription page. Only the yearly plans are carried: the Introductory Offer is
 * bought for one release, from that release's page.
 */
export function useChosenPlan(): PlanId | null {
  const [params] = useSearchParams();
  const plan = params.get("plan");
  return SUBSCRIPTION_PLAN_IDS.includes(plan as PlanId) ? (plan as PlanId) : null;
}

export function afterSignIn(role: string | undefined, plan: PlanId | null): string {
  return plan && role === "artist" ? `${paths.app.subscriptions}?plan=${plan}` : homePathForRole(role);
}
