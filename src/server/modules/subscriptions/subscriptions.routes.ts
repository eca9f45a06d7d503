import { createRoute, z } from "@hono/zod-openapi";
import { desc, eq } from "drizzle-orm";
import { DEFAULT_PLAN_ID, PLAN_IDS, PLANS } from "#domain/plans";
import { changePlanSchema, oneYearAfter, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { requireUser } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { subscriptions } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { ApiError, errorBodySchema } from "#server/lib/errors";
import { rebuildLedger } from "#server/modules/reports";
import { currentSubscription, todayIso, toSubscriptionDto } from "./subscription.queries";

export const subscriptionSchema = z
  .object({
    id: z.string(),
    planId: z.enum(PLAN_IDS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
    amountPaise: z.number().int(),
    currency: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    paymentRetries: z.number().int(),
    createdAt: z.string(),
  })
  .openapi("Subscription");

const overviewSchema = z
  .object({
    currentPlanId: z.enum(PLAN_IDS),
    current: subscriptionSchema.nullable(),
    history: z.array(subscriptionSchema),
  })
  .openapi("SubscriptionOverview");

const ok = { content: { "application/json": { schema: overviewSchema } }, description: "The artist's subscription" };
const err = (description: string) => ({ content: { "application/json": { schema: errorBodySchema } }, description });

const getRoute = createRoute({
  method: "get",
  path: "/subscription",
  tags: ["Subscription"],
  summary: "The artist's current plan and the history of their subscription records",
  responses: { 200: ok, 401: err("Signed out") },
});
const changeRoute = createRoute({
  method: "post",
  path: "/subscription",
  tags: ["Subscription"],
  summary: "Switch to another plan: ends the current record and starts a yearly one",
  request: { body: { content: { "application/json": { schema: changePlanSchema } }, required: true } },
  responses: { 200: ok, 400: err("Unknown plan"), 401: err("Signed out"), 409: err("Already on that plan") },
});
const cancelRoute = createRoute({
  method: "post",
  path: "/subscription/cancel",
  tags: ["Subscription"],
  summary: "Cancel at the end of the current period",
  responses: { 200: ok, 401: err("Signed out"), 409: err("Nothing to cancel") },
});
const resumeRoute = createRoute({
  method: "post",
  path: "/subscription/resume",
  tags: ["Subscription"],
  summary: "Undo a cancellation before the period ends",
  responses: { 200: ok, 401: err("Signed out"), 409: err("Not cancelled") },
});

async function overview(db: Db, userId: string) {
  const current = await currentSubscription(db, userId);
  const history = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(100);
  return {
    currentPlanId: (current?.planId as (typeof PLAN_IDS)[number] | undefined) ?? DEFAULT_PLAN_ID,
    current: current ? toSubscriptionDto(current) : null,
    history: history.map(toSubscriptionDto),
  };
}

export const subscriptionsRouter = createRouter()
  .openapi(getRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await overview(c.get("deps").database.db, user.id), 200);
  })
  .openapi(changeRoute, async (c) => {
    const user = await requireUser(c);
    const { planId } = c.req.valid("json");
    const db = c.get("deps").database.db;
    await db.transaction(async (tx) => {
      const current = await currentSubscription(tx, user.id);
      const currentPlan = current?.planId ?? DEFAULT_PLAN_ID;
      if (currentPlan === planId && !current?.cancelAtPeriodEnd) {
        throw new ApiError(409, "SAME_PLAN", SUBSCRIPTION_MESSAGES.samePlan);
      }
      const today = todayIso();
      if (current) {
        await tx
          .update(subscriptions)
          // ISO dates sort as text; a record that starts in the future ends on its start day.
          .set({ status: "cancelled", endDate: [today, current.startDate].sort().at(-1) ?? today })
          .where(eq(subscriptions.id, current.id));
      }
      await tx.insert(subscriptions).values({
        userId: user.id,
        planId,
        status: "active",
        startDate: today,
        endDate: oneYearAfter(today),
        amountPaise: PLANS[planId].pricePaise,
      });
    });
    // The share of this month's earnings follows the plan now in force.
    await rebuildLedger(db, [user.id]);
    return c.json(await overview(db, user.id), 200);
  })
  .openapi(cancelRoute, async (c) => {
    const user = await requireUser(c);
    const db = c.get("deps").database.db;
    const current = await currentSubscription(db, user.id);
    if (current?.status !== "active" || current.cancelAtPeriodEnd) {
      throw new ApiError(409, "NOTHING_TO_CANCEL", SUBSCRIPTION_MESSAGES.nothingToCancel);
    }
    await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, current.id));
    return c.json(await overview(db, user.id), 200);
  })
  .openapi(resumeRoute, async (c) => {
    const user = await requireUser(c);
    const db = c.get("deps").database.db;
    const current = await currentSubscription(db, user.id);
    if (!current?.cancelAtPeriodEnd) throw new ApiError(409, "NOT_CANCELLED", SUBSCRIPTION_MESSAGES.notCancelled);
    await db.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, current.id));
    return c.json(await overview(db, user.id), 200);
  });
