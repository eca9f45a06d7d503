// The artist's plan use cases, as plain functions over the database: no HTTP here. A refusal is a
// DomainError; subscriptions.routes.ts validates, authorizes and shapes the answers.
import { desc, eq } from "drizzle-orm";
import { DEFAULT_PLAN_ID, type PlanId } from "#domain/plans";
import { SUBSCRIPTION_MESSAGES } from "#domain/subscriptions";
import type { Db } from "#server/db/client";
import { subscriptions } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { rebuildLedger } from "#server/modules/reports";
import { currentSubscription, startPlanToday, toSubscriptionDto } from "./subscription.queries";

/** The plan in force, the current record and the history, newest first. */
export async function subscriptionOverview(db: Db, userId: string) {
  const current = await currentSubscription(db, userId);
  const history = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(100);
  return {
    currentPlanId: (current?.planId as PlanId | undefined) ?? DEFAULT_PLAN_ID,
    current: current ? toSubscriptionDto(current) : null,
    history: history.map(toSubscriptionDto),
  };
}

/** Moves to another plan from today: the current record ends, a new one starts, this month's share follows. */
export async function changePlan(db: Db, userId: string, planId: PlanId) {
  await db.transaction(async (tx) => {
    const current = await currentSubscription(tx, userId);
    const currentPlan = current?.planId ?? DEFAULT_PLAN_ID;
    if (currentPlan === planId && !current?.cancelAtPeriodEnd) {
      throw new DomainError("conflict", "SAME_PLAN", SUBSCRIPTION_MESSAGES.samePlan);
    }
    await startPlanToday(tx, userId, planId, current);
  });
  // The share of this month's earnings follows the plan now in force.
  await rebuildLedger(db, [userId]);
  return subscriptionOverview(db, userId);
}

/** The plan ends with its period instead of renewing. */
export async function cancelAtPeriodEnd(db: Db, userId: string) {
  const current = await currentSubscription(db, userId);
  if (current?.status !== "active" || current.cancelAtPeriodEnd) {
    throw new DomainError("conflict", "NOTHING_TO_CANCEL", SUBSCRIPTION_MESSAGES.nothingToCancel);
  }
  await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, current.id));
  return subscriptionOverview(db, userId);
}

/** Undoes a cancellation before the period ends. */
export async function resumeSubscription(db: Db, userId: string) {
  const current = await currentSubscription(db, userId);
  if (!current?.cancelAtPeriodEnd)
    throw new DomainError("conflict", "NOT_CANCELLED", SUBSCRIPTION_MESSAGES.notCancelled);
  await db.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, current.id));
  return subscriptionOverview(db, userId);
}
