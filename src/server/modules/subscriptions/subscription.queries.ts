import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { oneYearAfter, todayIst } from "#domain/clock";
import type { SubscriptionKind } from "#domain/payments";
import { DEFAULT_PLAN_ID, PLANS, type PlanId } from "#domain/plans";
import type { Db, Tx } from "#server/db/client";
import { payments, subscriptions } from "#server/db/schema";
import { type AuditEntry, recordAudit } from "#server/lib/audit-log";

/** A plan record in force today: active or awaiting payment, and not yet ended. */
const inForce = (today: string) =>
  and(inArray(subscriptions.status, ["active", "past_due"]), gte(subscriptions.endDate, today));

/** The record whose period covers today, if any; without one the artist is on the default plan. */
export async function currentSubscription(db: Pick<Db, "select">, userId: string, today = todayIst()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inForce(today)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** The plan in force for each of `ownerIds` (the default plan for those with none), in one query. */
export async function currentPlanIds(db: Pick<Db, "selectDistinctOn">, ownerIds: string[], today = todayIst()) {
  const plans = new Map<string, PlanId>(ownerIds.map((id) => [id, DEFAULT_PLAN_ID]));
  if (!ownerIds.length) return plans;
  const rows = await db
    .selectDistinctOn([subscriptions.userId], { userId: subscriptions.userId, planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.userId, ownerIds), inForce(today)))
    .orderBy(subscriptions.userId, desc(subscriptions.createdAt));
  for (const r of rows) plans.set(r.userId, r.planId as PlanId);
  return plans;
}

export async function currentPlanId(db: Pick<Db, "select">, userId: string): Promise<PlanId> {
  return ((await currentSubscription(db, userId))?.planId as PlanId | undefined) ?? DEFAULT_PLAN_ID;
}

/**
 * Starts `planId` for the user today, inside the caller's transaction: the record in force ends (a
 * record that starts in the future ends on its start day) and a year-long one begins, with its entry
 * in the workspace's audit log. Returns its id.
 */
export async function startPlanToday(
  tx: Tx,
  userId: string,
  planId: PlanId,
  current: SubscriptionRow | null,
  source: PlanSource,
  actor: AuditEntry["actor"],
  today = todayIst(),
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
      amountPaise: source.kind === "paid" ? PLANS[planId].pricePaise : 0,
      kind: source.kind,
      complimentaryReason: source.kind === "complimentary" ? source.reason : null,
      paymentId: source.kind === "paid" ? source.paymentId : null,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error("subscription insert returned nothing");
  await recordAudit(tx, {
    workspaceId: userId,
    actor,
    kind: "plan",
    action: "started",
    subjectId: row.id,
    summary:
      source.kind === "paid"
        ? ["audit.s.planPaid", { plan: PLANS[planId].name }]
        : ["audit.s.planComplimentary", { plan: PLANS[planId].name, reason: source.reason }],
    before: current ? { planId: current.planId } : null,
    after: { planId, kind: source.kind, startDate: today, endDate: oneYearAfter(today) },
  });
  return row.id;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Where a plan period comes from: a confirmed payment, or an admin's gift with its reason. */
export type PlanSource = { kind: "paid"; paymentId: string } | { kind: "complimentary"; reason: string };

/**
 * Where the artist stands: the plan in force, and whether it is paid for. A new account is on the
 * default plan but unpaid; a lapsed one (halted renewal, or a period that ran out) is unpaid too.
 * Unpaid changes only what waits (deliveries); live releases stay live.
 */
export async function planStanding(db: Pick<Db, "select">, userId: string, today = todayIst()) {
  const current = await currentSubscription(db, userId, today);
  const paidUp = current?.status === "active";
  let lapsed = Boolean(current && !paidUp);
  if (!current) {
    // Lapsed: there was a plan (it ran out, or was cancelled or ended), and none is in force now.
    const [past] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .limit(1);
    lapsed = Boolean(past);
  }
  return {
    planId: (current?.planId as PlanId | undefined) ?? DEFAULT_PLAN_ID,
    paidUp,
    lapsed,
    kind: (current?.kind as SubscriptionKind | undefined) ?? null,
    complimentaryReason: current?.complimentaryReason ?? null,
    current,
  };
}

/** A release may go to stores when its owner's plan is paid, or the Introductory Offer was paid for it. */
export async function isReleasePaidFor(db: Pick<Db, "select">, userId: string, releaseId: string) {
  if ((await planStanding(db, userId)).paidUp) return true;
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.releaseId, releaseId), sql`${payments.refundedPaise} < ${payments.amountPaise}`))
    .limit(1);
  return Boolean(row);
}

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
    kind: row.kind as SubscriptionKind,
    complimentaryReason: row.complimentaryReason,
    createdAt: row.createdAt.toISOString(),
  };
}
