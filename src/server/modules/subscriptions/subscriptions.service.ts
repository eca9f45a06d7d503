// The artist's plan use cases, as plain functions over the database: no HTTP here. A refusal is a
// DomainError; subscriptions.routes.ts validates, authorizes and shapes the answers.
import { and, desc, eq } from "drizzle-orm";
import { SUBSCRIPTION_MESSAGES } from "#domain/subscriptions";
import type { Db } from "#server/db/client";
import { gatewaySubscriptions, subscriptions } from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { currentSubscription, planStanding, toSubscriptionDto } from "./subscription.queries";

/** The plan in force, the current record and the history, newest first. */
export async function subscriptionOverview(db: Db, userId: string) {
  const standing = await planStanding(db, userId);
  const current = standing.current;
  const history = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(100);
  return {
    currentPlanId: standing.planId,
    paidUp: standing.paidUp,
    lapsed: standing.lapsed,
    current: current ? toSubscriptionDto(current) : null,
    history: history.map(toSubscriptionDto),
  };
}

/**
 * Undoes a cancellation before the period ends: the test gateway's subscription renews again. Razorpay
 * cannot undo a cancellation, so there the plan is chosen again once it ends.
 */
export async function resumeSubscription(db: Db, userId: string, actor: AuditActor) {
  const current = await currentSubscription(db, userId);
  if (!current?.cancelAtPeriodEnd)
    throw new DomainError("conflict", "NOT_CANCELLED", SUBSCRIPTION_MESSAGES.notCancelled);
  const cancelled = await db
    .select({ id: gatewaySubscriptions.id, gateway: gatewaySubscriptions.gateway })
    .from(gatewaySubscriptions)
    .where(and(eq(gatewaySubscriptions.userId, userId), eq(gatewaySubscriptions.cancelAtCycleEnd, true)));
  if (cancelled.some((s) => s.gateway === "razorpay")) {
    throw new DomainError("conflict", "CANNOT_RESUME", SUBSCRIPTION_MESSAGES.cannotResume);
  }
  await db.transaction(async (tx) => {
    await tx.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, current.id));
    for (const s of cancelled) {
      await tx.update(gatewaySubscriptions).set({ cancelAtCycleEnd: false }).where(eq(gatewaySubscriptions.id, s.id));
    }
    await recordAudit(tx, {
      workspaceId: userId,
      actor,
      kind: "plan",
      action: "resumed",
      subjectId: current.id,
      summary: ["audit.s.renewalResumed"],
      before: { planId: current.planId, cancelAtPeriodEnd: true },
      after: { planId: current.planId, cancelAtPeriodEnd: false },
    });
  });
  return subscriptionOverview(db, userId);
}
