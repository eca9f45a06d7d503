import { eq } from "drizzle-orm";
import type { OnboardingProgress } from "#domain/onboarding";
import type { Db } from "#server/db/client";
import { payoutAccounts, releases } from "#server/db/schema";
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
