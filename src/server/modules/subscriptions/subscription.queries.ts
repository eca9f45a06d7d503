import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { DEFAULT_PLAN_ID, PLANS, type PlanId } from "#domain/plans";
import { oneYearAfter } from "#domain/subscriptions";
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

/**
 * Starts `planId` for the user today, inside the caller's transaction: the record in force ends (a
 * record that starts in the future ends on its start day) and a year-long one begins. Returns its id.
 */
export async function startPlanToday(
  tx: Pick<Db, "insert" | "update">,
  userId: string,
  planId: PlanId,
  current: SubscriptionRow | null,
  today = todayIso(),
): Promise<string> {
  if (current) {
    await tx
      .update(subscriptions)
      // ISO dates sort as text.
      .set({ status: "cancelled", endDate: [today, current.startDate].sort().at(-1) ?? today })
      .where(eq(subscriptions.id, current.id));
  }
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId,
      planId,
      status: "active",
      startDate: today,
      endDate: oneYearAfter(today),
      amountPaise: PLANS[planId].pricePaise,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error("subscription insert returned nothing");
  return row.id;
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
