import { useSearchParams } from "react-router";
import { type PlanId, SUBSCRIPTION_PLAN_IDS } from "#domain/plans";
import { homePathForRole } from "#domain/roles";
import { paths } from "#web/config/paths";

/**
 * Where a person goes after signing in. "Get Started" on a plan card carries `?plan=<id>` through
 * registration and sign-in to that plan's checkout (only yearly plans: the Introductory Offer is
 * bought for one release, from its page). A deep link opened while signed out carries `?next=<path>`
 * and is returned to, when it is a page of the area the person may enter.
 */
export function useAfterSignIn() {
  const [params] = useSearchParams();
  const plan = params.get("plan");
  const chosen = SUBSCRIPTION_PLAN_IDS.includes(plan as PlanId) ? (plan as PlanId) : null;
  const next = params.get("next");
  const email = params.get("email");
  return { plan: chosen, next, email, to: (role: string | undefined) => afterSignIn(role, chosen, next) };
}

export function afterSignIn(role: string | undefined, plan: PlanId | null, next: string | null = null): string {
  if (plan && role === "artist") return `${paths.app.subscriptions}?plan=${plan}`;
  // Only a path inside the app (never another site: "//host" or "/\\host").
  const inside = next && /^\/(app|admin)\/[^/\\]/.test(next) ? next : null;
  if (inside && (role === "admin" || inside.startsWith("/app/"))) return inside;
  return homePathForRole(role);
}

/** The sign-in address that returns to `path` afterwards. */
export const loginReturningTo = (path: string) => `${paths.login}?next=${encodeURIComponent(path)}`;
