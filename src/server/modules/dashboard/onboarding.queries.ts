import type { OnboardingProgress } from "#domain/onboarding";

/** What the workspace has, as the dashboard's statement read it. */
export interface Holdings {
  payout: boolean;
  release: boolean;
  /** A share on another artist's split sheet, accepted. */
  shares: boolean;
}

/** Which first-run steps an artist has done, from what they really have (a plan paid for, details, a release). */
export function onboardingProgress(paidUp: boolean, has: Holdings): OnboardingProgress {
  return { plan: paidUp, payout: has.payout, release: has.release };
}

/**
 * An account that holds no releases but is on other artists' split sheets: a payee, who needs no plan
 * (the invite said so) and is shown their shares, not a paywall or an artist's first steps (issue 33).
 */
export function isPayeeOnly(has: Holdings): boolean {
  return !has.release && has.shares;
}
