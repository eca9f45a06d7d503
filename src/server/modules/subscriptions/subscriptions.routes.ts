import { createRoute, z } from "@hono/zod-openapi";
import { PLAN_IDS } from "#domain/plans";
import { changePlanSchema, SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { requireUser } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { cancelAtPeriodEnd, changePlan, resumeSubscription, subscriptionOverview } from "./subscriptions.service";

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

// Thin routes: validate, authorize, call the service (subscriptions.service.ts), shape the answer.
export const subscriptionsRouter = createRouter()
  .openapi(getRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await subscriptionOverview(c.get("deps").database.db, user.id), 200);
  })
  .openapi(changeRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await changePlan(c.get("deps").database.db, user.id, c.req.valid("json").planId), 200);
  })
  .openapi(cancelRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await cancelAtPeriodEnd(c.get("deps").database.db, user.id), 200);
  })
  .openapi(resumeRoute, async (c) => {
    const user = await requireUser(c);
    return c.json(await resumeSubscription(c.get("deps").database.db, user.id), 200);
  });
