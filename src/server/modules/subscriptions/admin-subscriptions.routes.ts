import { createRoute, z } from "@hono/zod-openapi";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { pageQuerySchema } from "#domain/pagination";
import { PLAN_IDS, PLANS } from "#domain/plans";
import { oneYearAfter, SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { requireAdmin } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { subscriptions, users } from "#server/db/schema";
import { adminErrors, idParams, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { err, json, likePattern } from "#server/lib/route-helpers";
import { rebuildLedger } from "#server/modules/reports";
import { currentSubscription, todayIso, toSubscriptionDto } from "./subscription.queries";
import { subscriptionSchema } from "./subscriptions.routes";

const adminSubscriptionSchema = subscriptionSchema
  .extend({ userId: z.string(), userName: z.string(), userEmail: z.string() })
  .openapi("AdminSubscription");
const one = json(z.object({ subscription: adminSubscriptionSchema }), "Subscription");
const createSchema = z.object({ userId: z.string().min(1).max(64), planId: z.enum(PLAN_IDS) });

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
    summary: "Put a user on a plan for a year (ends their current record)",
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
    summary: "Record a payment retry for a past-due subscription",
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

async function oneSubscription(db: Db, id: string) {
  const [row] = await selectSubscriptions(db, eq(subscriptions.id, id), 1, 0);
  if (!row) throw new ApiError(404, "NOT_FOUND", "Subscription not found.");
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
  if (!row) throw new ApiError(409, "INVALID_TRANSITION", message);
  return oneSubscription(db, id);
}

export const adminSubscriptionsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const { page, pageSize, q, status } = c.req.valid("query");
    const db = c.get("deps").database.db;
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(subscriptions.status, status));
    if (q) {
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
      selectSubscriptions(db, where, pageSize, (page - 1) * pageSize),
      db.select({ n: count() }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(where),
    ]);
    return c.json({ items, total: total?.n ?? 0, page, pageSize }, 200);
  })
  .openapi(routes.create, async (c) => {
    await requireAdmin(c);
    const { userId, planId } = c.req.valid("json");
    const db = c.get("deps").database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, "NOT_FOUND", "User not found.");
    const id = await db.transaction(async (tx) => {
      const today = todayIso();
      const current = await currentSubscription(tx, userId, today);
      if (current) {
        await tx
          .update(subscriptions)
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
      return row?.id;
    });
    if (!id) throw new Error("subscription insert returned nothing");
    await rebuildLedger(db, [userId]);
    return c.json({ subscription: await oneSubscription(db, id) }, 201);
  })
  .openapi(routes.cancel, async (c) => {
    await requireAdmin(c);
    const db = c.get("deps").database.db;
    const subscription = await transition(
      db,
      c.req.valid("param").id,
      "active",
      { status: "cancelled" },
      "Only an active subscription can be cancelled.",
    );
    return c.json({ subscription }, 200);
  })
  .openapi(routes.reactivate, async (c) => {
    await requireAdmin(c);
    const db = c.get("deps").database.db;
    const { id } = c.req.valid("param");
    const existing = await oneSubscription(db, id);
    const subscription = await transition(
      db,
      id,
      "cancelled",
      { status: "active", endDate: oneYearAfter(existing.startDate), cancelAtPeriodEnd: false },
      "Only a cancelled subscription can be reactivated.",
    );
    return c.json({ subscription }, 200);
  })
  .openapi(routes.retry, async (c) => {
    await requireAdmin(c);
    const db = c.get("deps").database.db;
    const { id } = c.req.valid("param");
    const existing = await oneSubscription(db, id);
    const subscription = await transition(
      db,
      id,
      "past_due",
      { paymentRetries: existing.paymentRetries + 1 },
      "Only a past-due subscription can be retried.",
    );
    return c.json({ subscription }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await requireAdmin(c);
    const [row] = await c
      .get("deps")
      .database.db.delete(subscriptions)
      .where(eq(subscriptions.id, c.req.valid("param").id))
      .returning({ id: subscriptions.id });
    if (!row) throw new ApiError(404, "NOT_FOUND", "Subscription not found.");
    return c.json({ id: row.id }, 200);
  });
