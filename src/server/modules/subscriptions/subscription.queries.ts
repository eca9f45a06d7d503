import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { DEFAULT_PLAN_ID, type PlanId } from "#domain/plans";
import type { Db } from "#server/db/client";
import { subscriptions } from "#server/db/schema";

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The record whose period covers today, if any; without one the artist is on the default plan. */
export async function currentSubscription(db: Pick<Db, "select">, userId: string, today = todayIso()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["active", "past_due"]),
        gte(subscriptions.endDate, today),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function currentPlanId(db: Db, userId: string): Promise<PlanId> {
  return ((await currentSubscription(db, userId))?.planId as PlanId | undefined) ?? DEFAULT_PLAN_ID;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscriptionDto(row: SubscriptionRow) {
  return {
    id: row.id,
    planId: row.planId as PlanId,
    status: row.status as "active" | "cancelled" | "past_due",
    startDate: row.startDate,
    endDate: row.endDate,
    amountPaise: row.amountPaise,
    currency: row.currency,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentRetries: row.paymentRetries,
    createdAt: row.createdAt.toISOString(),
  };
}
