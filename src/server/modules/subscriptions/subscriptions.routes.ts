import { createRoute, z } from "@hono/zod-openapi";
import { SUBSCRIPTION_KINDS } from "#domain/payments";
import { PLAN_IDS } from "#domain/plans";
import { SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { errorBodySchema } from "#server/lib/errors";
import { resumeSubscription, subscriptionOverview } from "./subscriptions.service";

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
    kind: z.enum(SUBSCRIPTION_KINDS),
    complimentaryReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Subscription");

export const overviewSchema = z
  .object({
    currentPlanId: z.enum(PLAN_IDS),
    /** The plan in force is paid for (or complimentary); otherwise deliveries wait for payment. */
    paidUp: z.boolean(),
    /** A paid plan ran out or its renewal failed: live releases stay live, new deliveries wait. */
    lapsed: z.boolean(),
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
    const { workspace } = await requireMember(c, "releases:read");
    return c.json(await subscriptionOverview(c.get("deps").database.db, workspace.id), 200);
  })
  .openapi(resumeRoute, async (c) => {
    const { user, workspace } = await requireMember(c, "billing:manage");
    return c.json(await resumeSubscription(c.get("deps").database.db, workspace.id, user), 200);
  });
