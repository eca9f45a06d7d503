import { createRoute, z } from "@hono/zod-openapi";
import { pageQuerySchema } from "#domain/pagination";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLAN_IDS } from "#domain/plans";
import { requireAdmin } from "#server/auth/guards";
import { adminErrors, idParams, pageOf } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err as error, json } from "#server/lib/route-helpers";
import { listPayments, refundPayment } from "./admin-payments.service";

const adminPaymentSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    gateway: z.string(),
    gatewayPaymentId: z.string(),
    gatewaySubscriptionId: z.string().nullable(),
    amountPaise: z.number().int(),
    refundedPaise: z.number().int(),
    method: z.string().nullable(),
    planId: z.enum(PLAN_IDS),
    invoiceId: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    createdAt: z.string(),
    refunds: z.array(
      z.object({
        id: z.string(),
        amountPaise: z.number().int(),
        reason: z.string(),
        gatewayRefundId: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi("AdminPayment");

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/payments",
    tags: ["Admin"],
    summary:
      "Payments received, newest first, with invoices, refunds and the gateway's ids; searched by user, payment id or invoice number",
    request: { query: pageQuerySchema },
    responses: { 200: json(pageOf(adminPaymentSchema), "Payments"), ...adminErrors },
  }),
  refund: createRoute({
    method: "post",
    path: "/admin/payments/{id}/refund",
    tags: ["Admin"],
    summary: "Refund part or all of a payment through the gateway, with a reason",
    request: {
      params: idParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({
              amountPaise: z.number().int().positive().max(100_000_000).optional(),
              reason: z.string().trim().min(1, PAYMENT_MESSAGES.refundReason).max(500),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ refunded: z.literal(true) }), "Refunded"),
      400: error("Invalid input"),
      404: error("No such payment"),
      409: error("More than what is left of the payment"),
      502: error("The gateway refused or could not be reached"),
      ...adminErrors,
    },
  }),
};

export const adminPaymentsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const q = c.req.valid("query");
    const result = await listPayments(c.get("deps").database.db, q);
    return c.json({ ...result, page: q.page, pageSize: q.pageSize }, 200);
  })
  .openapi(routes.refund, async (c) => {
    const admin = await requireAdmin(c);
    const deps = c.get("deps");
    await refundPayment(
      { db: deps.database.db, gateway: deps.payments.gateway },
      admin.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ refunded: true as const }, 200);
  });
