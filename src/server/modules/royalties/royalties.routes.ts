import { createRoute, z } from "@hono/zod-openapi";
import { PAYOUT_STATUSES, RECONCILIATION_KINDS } from "#domain/royalties";
import { requireAdmin, requireUser } from "#server/auth/guards";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { payeeAccountForPayout, payeeAccountSchema } from "./payee-account";
import { reconcileRoyalties } from "./reconciliation";
import { completePayout, listPayouts, loadRoyalties, requestPayout } from "./royalties.service";

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
  payeeAccount: createRoute({
    method: "get",
    path: "/admin/payouts/{id}/account",
    tags: ["Admin", "Royalties"],
    summary: "The payee's account for a payout, unmasked, for paying it by hand (each look is audited)",
    request: { params: idParams },
    responses: {
      200: json(z.object({ account: payeeAccountSchema }), "The account"),
      404: err("No such payout, or no payout details"),
      ...adminErrors,
    },
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

// Thin routes: validate, authorize, call the service (royalties.service.ts), shape the answer.
export const royaltiesRouter = createRouter()
  .openapi(routes.get, async (c) => {
    const user = await requireUser(c);
    return c.json(await loadRoyalties(c.get("deps").database.db, user.id), 200);
  })
  .openapi(routes.request, async (c) => {
    const user = await requireUser(c);
    return c.json(await requestPayout(c.get("deps").database.db, user.id), 201);
  })
  .openapi(routes.adminList, async (c) => {
    await requireAdmin(c);
    return c.json({ payouts: await listPayouts(c.get("deps").database.db) }, 200);
  })
  .openapi(routes.reconcile, async (c) => {
    await requireAdmin(c);
    return c.json(await reconcileRoyalties(c.get("deps").database.db), 200);
  })
  .openapi(routes.payeeAccount, async (c) => {
    const admin = await requireAdmin(c);
    const account = await payeeAccountForPayout(c.get("deps"), c.req.valid("param").id, admin.id);
    return c.json({ account }, 200);
  })
  .openapi(routes.complete, async (c) => {
    await requireAdmin(c);
    const payout = await completePayout(c.get("deps"), c.req.valid("param").id, c.req.valid("json").reference);
    return c.json({ payout }, 200);
  });
