// The admin's subscription use cases, as plain functions over the database: no HTTP here. A refusal is
// a DomainError; admin-subscriptions.routes.ts validates, authorizes and shapes the answers.

import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { oneYearAfter, todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLAN_IDS, PLANS, type PlanId } from "#domain/plans";
import type { SubscriptionStatus } from "#domain/subscriptions";
import type { Db } from "#server/db/client";
import { payments, subscriptions, users } from "#server/db/schema";
import type { AuditEntry } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { likePattern } from "#server/lib/route-helpers";
import { releaseAwaitingDeliveries } from "#server/modules/delivery";
import { rebuildLedger } from "#server/modules/royalties";
import { currentSubscription, startPlanToday, toSubscriptionDto } from "./subscription.queries";

async function selectSubscriptions(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({ sub: subscriptions, userName: users.name, userEmail: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...toSubscriptionDto(r.sub),
    userId: r.sub.userId,
    userName: r.userName,
    userEmail: r.userEmail,
  }));
}

export async function oneSubscription(db: Db, id: string) {
  const [row] = await selectSubscriptions(db, eq(subscriptions.id, id), 1, 0);
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.subscriptionNotFound"));
  return row;
}

/** Moves a record from one status to another only if it is still in the expected one. */
async function transition(
  db: Db,
  id: string,
  from: string,
  set: Partial<typeof subscriptions.$inferInsert>,
  message: string,
) {
  await oneSubscription(db, id);
  const [row] = await db
    .update(subscriptions)
    .set(set)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, from)))
    .returning({ id: subscriptions.id });
  if (!row) throw new DomainError("conflict", "INVALID_TRANSITION", message);
  return oneSubscription(db, id);
}

/** A page of subscriptions, newest first, searched by owner or plan name, filtered by status. */
export async function listSubscriptions(
  db: Db,
  f: { q?: string; status?: SubscriptionStatus; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(subscriptions.status, f.status));
  if (f.q) {
    const q = f.q;
    const planIds = PLAN_IDS.filter((id) => PLANS[id].name.toLowerCase().includes(q.toLowerCase()));
    const match = or(
      ilike(users.name, likePattern(q)),
      ilike(users.email, likePattern(q)),
      ...planIds.map((id) => eq(subscriptions.planId, id)),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    selectSubscriptions(db, where, f.pageSize, (f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Puts a user on a plan from today (their current record ends); this month's share follows. */
/** A complimentary plan: an admin puts a user on a plan without payment, with the reason shown everywhere. */
export async function createSubscription(
  db: Db,
  userId: string,
  planId: PlanId,
  reason: string,
  /** The Kalrav admin who gave it (by id); absent for the demo seed and tests. */
  actor: AuditEntry["actor"] = { id: null, name: "Kalrav" },
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("not_found", "NOT_FOUND", t("server.userNotFound"));
  const id = await db.transaction(async (tx) => {
    const today = todayIst();
    const current = await currentSubscription(tx, userId, today);
    const id = await startPlanToday(tx, userId, planId, current, { kind: "complimentary", reason }, actor, today);
    // The plan counts as paid: deliveries that waited for payment go now.
    await releaseAwaitingDeliveries(tx, { userId });
    return id;
  });
  await rebuildLedger(db, [userId]);
  return oneSubscription(db, id);
}

export const cancelSubscription = (db: Db, id: string) =>
  transition(db, id, "active", { status: "cancelled" }, "Only an active subscription can be cancelled.");

export async function reactivateSubscription(db: Db, id: string) {
  const existing = await oneSubscription(db, id);
  return transition(
    db,
    id,
    "cancelled",
    { status: "active", endDate: oneYearAfter(existing.startDate), cancelAtPeriodEnd: false },
    "Only a cancelled subscription can be reactivated.",
  );
}

/**
 * Retry Payment asks the gateway to charge the renewal again (the test gateway does at once; Razorpay
 * retries on its own schedule and says so). The retry is counted either way it is asked.
 */
/** The one gateway call a retry needs (the payments module's gateway has it). */
interface RetryingGateway {
  retryCharge(subscriptionRef: string): Promise<"retried" | "unsupported">;
}

export async function retrySubscriptionPayment(db: Db, gateway: RetryingGateway, id: string) {
  const existing = await oneSubscription(db, id);
  if (existing.status !== "past_due") {
    throw new DomainError("conflict", "INVALID_TRANSITION", t("server.retryPastDue"));
  }
  const [link] = await db
    .select({ ref: payments.gatewaySubscriptionId })
    .from(subscriptions)
    .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(eq(subscriptions.id, id));
  if (!link?.ref)
    throw new DomainError(
      "conflict",
      "NO_GATEWAY",
      "This plan was not paid through the gateway: there is no charge to retry.",
    );
  if ((await gateway.retryCharge(link.ref)) === "unsupported") {
    throw new DomainError("conflict", "RETRY_UNSUPPORTED", PAYMENT_MESSAGES.retryUnsupported);
  }
  const after = await oneSubscription(db, id);
  if (after.status !== "past_due") return after;
  return transition(db, id, "past_due", { paymentRetries: existing.paymentRetries + 1 }, t("server.retryPastDue"));
}

export async function deleteSubscription(db: Db, id: string): Promise<string> {
  const [row] = await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id });
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.subscriptionNotFound"));
  return row.id;
}
