import { createRoute, z } from "@hono/zod-openapi";
import { pageQuerySchema } from "#domain/pagination";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLAN_IDS } from "#domain/plans";
import { SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors, idParams, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import {
  cancelSubscription,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  reactivateSubscription,
  retrySubscriptionPayment,
} from "./admin-subscriptions.service";
import { subscriptionSchema } from "./subscriptions.routes";

const adminSubscriptionSchema = subscriptionSchema
  .extend({ userId: z.string(), userName: z.string(), userEmail: z.string() })
  .openapi("AdminSubscription");
const one = json(z.object({ subscription: adminSubscriptionSchema }), "Subscription");
const createSchema = z.object({
  userId: z.string().min(1).max(64),
  planId: z.enum(PLAN_IDS),
  reason: z.string().trim().min(1, PAYMENT_MESSAGES.complimentaryReason).max(500),
});

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/subscriptions",
    tags: ["Admin"],
    summary: "Subscription records, newest first, searched by user or plan, filtered by status",
    request: { query: pageQuerySchema.extend({ status: z.enum(SUBSCRIPTION_STATUSES).optional() }) },
    responses: { 200: json(pageOf(adminSubscriptionSchema), "Subscriptions"), ...adminErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/admin/subscriptions",
    tags: ["Admin"],
    summary: "Put a user on a complimentary plan for a year, with the reason (ends their current record)",
    request: { body: { content: { "application/json": { schema: createSchema } }, required: true } },
    responses: { 201: one, 400: err("Invalid input"), 404: err("No such user"), ...adminErrors },
  }),
  cancel: createRoute({
    method: "post",
    path: "/admin/subscriptions/{id}/cancel",
    tags: ["Admin"],
    summary: "Cancel an active subscription",
    request: { params: idParams },
    responses: { 200: one, 404: err("No such record"), 409: err("Not active"), ...adminErrors },
  }),
  reactivate: createRoute({
    method: "post",
    path: "/admin/subscriptions/{id}/reactivate",
    tags: ["Admin"],
    summary: "Reactivate a cancelled subscription: active again, ending a year after its start",
    request: { params: idParams },
    responses: {
      200: one,
      404: err("No such record"),
      409: err("Not cancelled, or another is active"),
      ...adminErrors,
    },
  }),
  retry: createRoute({
    method: "post",
    path: "/admin/subscriptions/{id}/retry-payment",
    tags: ["Admin"],
    summary: "Ask the gateway to charge a past-due subscription's renewal again",
    request: { params: idParams },
    responses: { 200: one, 404: err("No such record"), 409: err("Not past due"), ...adminErrors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/admin/subscriptions/{id}",
    tags: ["Admin"],
    summary: "Delete a subscription record",
    request: { params: idParams },
    responses: { 200: json(z.object({ id: z.string() }), "Deleted"), 404: err("No such record"), ...adminErrors },
  }),
};

// Thin routes: validate, authorize, call the service (admin-subscriptions.service.ts), shape the answer.
export const adminSubscriptionsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid("query");
    const { items, total } = await listSubscriptions(c.get("deps").database.db, query);
    return c.json({ items, total, page: query.page, pageSize: query.pageSize }, 200);
  })
  .openapi(routes.create, async (c) => {
    const admin = await requireAdmin(c);
    const { userId, planId, reason } = c.req.valid("json");
    const subscription = await createSubscription(c.get("deps").database.db, userId, planId, reason, admin.id);
    c.get("deps").jobs.kick();
    return c.json({ subscription }, 201);
  })
  .openapi(routes.cancel, async (c) => {
    await requireAdmin(c);
    return c.json({ subscription: await cancelSubscription(c.get("deps").database.db, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.reactivate, async (c) => {
    await requireAdmin(c);
    const subscription = await reactivateSubscription(c.get("deps").database.db, c.req.valid("param").id);
    return c.json({ subscription }, 200);
  })
  .openapi(routes.retry, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    const subscription = await retrySubscriptionPayment(
      deps.database.db,
      deps.payments.gateway,
      c.req.valid("param").id,
    );
    return c.json({ subscription }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    return c.json({ id: await deleteSubscription(c.get("deps").database.db, c.req.valid("param").id) }, 200);
  });
