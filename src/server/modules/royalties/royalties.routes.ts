import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, sql } from "drizzle-orm";
import { MINIMUM_PAYOUT_PAISE } from "#domain/business";
import { formatInr } from "#domain/money";
import { PLANS } from "#domain/plans";
import { canRequestPayout, PAYOUT_STATUSES, RECONCILIATION_KINDS, ROYALTY_MESSAGES } from "#domain/royalties";
import { requireAdmin, requireUser } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { dailyStreamFacts, payoutAccounts, payouts, royaltyLedger, users } from "#server/db/schema";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { err, json } from "#server/lib/route-helpers";
import { notifyUser } from "#server/modules/notifications";
import { currentPlanId } from "#server/modules/subscriptions";
import { reconcileRoyalties } from "./reconciliation";

const payoutSchema = z
  .object({
    id: z.string(),
    amountPaise: z.number().int(),
    status: z.enum(PAYOUT_STATUSES),
    method: z.string(),
    reference: z.string().nullable(),
    requestedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("Payout");

const royaltiesSchema = z
  .object({
    totalEarningsPaise: z.number().int(),
    pendingPaymentPaise: z.number().int(),
    availablePaise: z.number().int(),
    minimumPayoutPaise: z.number().int(),
    canRequestPayout: z.boolean(),
    lastPayment: z.object({ amountPaise: z.number().int(), date: z.string() }).nullable(),
    monthly: z.array(
      z.object({
        month: z.string(),
        grossPaise: z.number().int(),
        sharePercent: z.number().int(),
        netPaise: z.number().int(),
      }),
    ),
    platforms: z.array(z.object({ store: z.string(), netPaise: z.number().int(), percent: z.number() })),
    payouts: z.array(payoutSchema),
  })
  .openapi("Royalties");

const reconciliationSchema = z
  .object({
    ok: z.boolean(),
    checkedAt: z.string(),
    ledgerRows: z.number().int(),
    ledgerGrossPaise: z.number().int(),
    tracedGrossPaise: z.number().int(),
    findings: z.array(
      z.object({
        kind: z.enum(RECONCILIATION_KINDS),
        userId: z.string().nullable(),
        releaseId: z.string().nullable(),
        month: z.string().nullable(),
        amountPaise: z.number().int(),
        message: z.string(),
      }),
    ),
  })
  .openapi("RoyaltyReconciliation");

const routes = {
  get: createRoute({
    method: "get",
    path: "/royalties",
    tags: ["Royalties"],
    summary: "Earnings after the plan's share, balance, monthly earnings, stores, and payouts",
    responses: { 200: json(royaltiesSchema, "Royalties"), 401: err("Signed out") },
  }),
  request: createRoute({
    method: "post",
    path: "/royalties/payouts",
    tags: ["Royalties"],
    summary: "Request a payout of the whole available balance (from ₹500) to the saved payout account",
    responses: {
      201: json(royaltiesSchema, "Requested"),
      401: err("Signed out"),
      409: err("Below the minimum or no payout account"),
    },
  }),
  adminList: createRoute({
    method: "get",
    path: "/admin/payouts",
    tags: ["Admin", "Royalties"],
    summary: "Payouts, pending first",
    responses: {
      200: json(
        z.object({ payouts: z.array(payoutSchema.extend({ userName: z.string(), userEmail: z.string() })) }),
        "Payouts",
      ),
      ...adminErrors,
    },
  }),
  reconcile: createRoute({
    method: "get",
    path: "/admin/royalties/reconciliation",
    tags: ["Admin", "Royalties"],
    summary: "Check that every ledger row traces to store report rows of a delivered release its payee owns",
    responses: { 200: json(reconciliationSchema, "The check's result"), ...adminErrors },
  }),
  complete: createRoute({
    method: "post",
    path: "/admin/payouts/{id}/complete",
    tags: ["Admin", "Royalties"],
    summary: "Mark a pending payout paid, with the bank or PayPal reference",
    request: {
      params: idParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({ reference: z.string().trim().min(1, "Enter the payment reference.").max(120) }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ payout: payoutSchema }), "Completed"),
      400: err("No reference"),
      404: err("No such payout"),
      409: err("Not pending"),
      ...adminErrors,
    },
  }),
};

type PayoutRow = typeof payouts.$inferSelect;
const toPayout = (p: PayoutRow) => ({
  id: p.id,
  amountPaise: p.amountPaise,
  status: p.status as "pending" | "completed",
  method: p.method,
  reference: p.reference,
  requestedAt: p.requestedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

async function loadRoyalties(db: Db, userId: string) {
  const share = PLANS[await currentPlanId(db, userId)].royaltySharePercent;
  const [monthly, paid, stores] = await Promise.all([
    db.select().from(royaltyLedger).where(eq(royaltyLedger.userId, userId)).orderBy(royaltyLedger.month),
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.requestedAt)).limit(200),
    db
      .select({
        store: dailyStreamFacts.store,
        gross: sql<number>`sum(${dailyStreamFacts.revenuePaise})::bigint`.mapWith(Number),
      })
      .from(dailyStreamFacts)
      .where(eq(dailyStreamFacts.ownerId, userId))
      .groupBy(dailyStreamFacts.store)
      .orderBy(desc(sql`sum(${dailyStreamFacts.revenuePaise})`)),
  ]);
  const total = monthly.reduce((s, m) => s + m.netPaise, 0);
  const completed = paid.filter((p) => p.status === "completed");
  const paidOut = completed.reduce((s, p) => s + p.amountPaise, 0);
  const requested = paid.reduce((s, p) => s + p.amountPaise, 0);
  const available = total - requested;
  const grossTotal = stores.reduce((s, p) => s + p.gross, 0);
  const last = completed.sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0))[0];
  return {
    totalEarningsPaise: total,
    pendingPaymentPaise: total - paidOut,
    availablePaise: available,
    minimumPayoutPaise: MINIMUM_PAYOUT_PAISE,
    canRequestPayout: canRequestPayout(available),
    lastPayment: last?.completedAt ? { amountPaise: last.amountPaise, date: last.completedAt.toISOString() } : null,
    monthly: monthly.map((m) => ({
      month: m.month,
      grossPaise: m.grossPaise,
      sharePercent: m.sharePercent,
      netPaise: m.netPaise,
    })),
    // Store split of earnings at the current plan's share (the ledger keeps the exact monthly totals).
    platforms: stores.map((s) => ({
      store: s.store,
      netPaise: Math.floor((s.gross * share + 50) / 100),
      percent: grossTotal ? Math.round((s.gross / grossTotal) * 1000) / 10 : 0,
    })),
    payouts: paid.map(toPayout),
  };
}

export const royaltiesRouter = createRouter()
  .openapi(routes.get, async (c) => {
    const user = await requireUser(c);
    return c.json(await loadRoyalties(c.get("deps").database.db, user.id), 200);
  })
  .openapi(routes.request, async (c) => {
    const user = await requireUser(c);
    const db = c.get("deps").database.db;
    const [account] = await db
      .select({ method: payoutAccounts.method })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, user.id));
    if (!account) throw new ApiError(409, "NO_PAYOUT_ACCOUNT", ROYALTY_MESSAGES.noPayoutAccount);
    await db.transaction(async (tx) => {
      // One request at a time per artist, so two clicks cannot both take the same balance.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${user.id}`}))`);
      const { availablePaise } = await loadRoyalties(tx as unknown as Db, user.id);
      if (!canRequestPayout(availablePaise)) {
        throw new ApiError(409, "BELOW_MINIMUM", ROYALTY_MESSAGES.belowMinimum(formatInr(MINIMUM_PAYOUT_PAISE)));
      }
      await tx
        .insert(payouts)
        .values({ userId: user.id, amountPaise: availablePaise, method: account.method, status: "pending" });
    });
    return c.json(await loadRoyalties(db, user.id), 201);
  })
  .openapi(routes.adminList, async (c) => {
    await requireAdmin(c);
    const rows = await c
      .get("deps")
      .database.db.select({ payout: payouts, userName: users.name, userEmail: users.email })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .orderBy(sql`${payouts.status} = 'completed'`, desc(payouts.requestedAt))
      .limit(200);
    return c.json(
      { payouts: rows.map((r) => ({ ...toPayout(r.payout), userName: r.userName, userEmail: r.userEmail })) },
      200,
    );
  })
  .openapi(routes.reconcile, async (c) => {
    await requireAdmin(c);
    return c.json(await reconcileRoyalties(c.get("deps").database.db), 200);
  })
  .openapi(routes.complete, async (c) => {
    await requireAdmin(c);
    const { id } = c.req.valid("param");
    const { reference } = c.req.valid("json");
    const deps = c.get("deps");
    const [updated] = await deps.database.db
      .update(payouts)
      .set({ status: "completed", reference, completedAt: new Date() })
      .where(and(eq(payouts.id, id), eq(payouts.status, "pending")))
      .returning();
    if (!updated) {
      const [exists] = await deps.database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id));
      throw exists
        ? new ApiError(409, "NOT_PENDING", "This payout is already completed.")
        : new ApiError(404, "NOT_FOUND", "Payout not found.");
    }
    await notifyUser(
      { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
      {
        userId: updated.userId,
        kind: "payment",
        title: ROYALTY_MESSAGES.completedTitle,
        body: `We paid ${formatInr(updated.amountPaise)} (reference ${reference}).`,
        link: "/app/royalties",
        emailPreference: "emailPaymentUpdates",
      },
    );
    return c.json({ payout: toPayout(updated) }, 200);
  });
