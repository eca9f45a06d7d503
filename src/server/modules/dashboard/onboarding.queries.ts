import { eq } from "drizzle-orm";
import type { OnboardingProgress } from "#domain/onboarding";
import type { Db } from "#server/db/client";
import { collaborators, payoutAccounts, releases } from "#server/db/schema";
import { planStanding } from "#server/modules/subscriptions";

/** Which first-run steps an artist has done, from what they really have (a plan in force, details, a release). */
export async function loadOnboarding(db: Db, userId: string): Promise<OnboardingProgress> {
  const [standing, payout, release] = await Promise.all([
    planStanding(db, userId),
    db.select({ id: payoutAccounts.userId }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1),
    db.select({ id: releases.id }).from(releases).where(eq(releases.userId, userId)).limit(1),
  ]);
  return { plan: standing.paidUp, payout: payout.length > 0, release: release.length > 0 };
}

/**
 * An account that holds no releases but is on other artists' split sheets: a payee, who needs no plan
 * (the invite said so) and is shown their shares, not a paywall or an artist's first steps (issue 33).
 */
export async function isPayeeOnly(db: Db, userId: string, hasRelease: boolean): Promise<boolean> {
  if (hasRelease) return false;
  const [share] = await db
    .select({ id: collaborators.id })
    .from(collaborators)
    .where(eq(collaborators.acceptedUserId, userId))
    .limit(1);
  return Boolean(share);
}
