import { createRoute, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { INDIAN_STATE_NAMES } from "#domain/gst";
import type { Locale } from "#domain/i18n";
import { t } from "#domain/i18n";
import { CHECKOUT_STATUSES, startCheckoutSchema } from "#domain/payments";
import { PLAN_IDS } from "#domain/plans";
import { requireAdmin, requireMember } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { checkouts, invoices } from "#server/db/schema";
import { adminErrors } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { err as error, fileDownload, json } from "#server/lib/route-helpers";
import { overviewSchema, subscriptionOverview } from "#server/modules/subscriptions";
import {
  billingOverview,
  cancelAtCycleEnd,
  checkoutStatus,
  quotePlan,
  startCheckout,
  verifyCheckout,
} from "./checkout.service";
import { invoicePdf } from "./invoices";

const gstSchema = z.object({
  totalPaise: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  ratePercent: z.number(),
  interState: z.boolean(),
});

export const checkoutSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(["plan", "release"]),
    planId: z.enum(PLAN_IDS),
    releaseId: z.string().nullable(),
    amountPaise: z.number().int(),
    creditPaise: z.number().int(),
    gst: gstSchema,
    gateway: z.enum(["razorpay", "test"]),
    gatewayRef: z.string(),
    status: z.enum(CHECKOUT_STATUSES),
    failureReason: z.string().nullable(),
    billingName: z.string(),
    billingState: z.string(),
    gstin: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Checkout");

const billingSchema = z
  .object({
    planId: z.enum(PLAN_IDS),
    paidUp: z.boolean(),
    lapsed: z.boolean(),
    kind: z.enum(["paid", "complimentary"]).nullable(),
    complimentaryReason: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    gatewayStatus: z.string().nullable(),
    nextRenewal: z.string().nullable(),
    endsOn: z.string().nullable(),
    scheduledPlanId: z.enum(PLAN_IDS).nullable(),
    invoices: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        issuedAt: z.string(),
        totalPaise: z.number().int(),
        description: z.string(),
        paymentId: z.string(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        gatewayPaymentId: z.string(),
        amountPaise: z.number().int(),
        refundedPaise: z.number().int(),
        method: z.string().nullable(),
        planId: z.enum(PLAN_IDS),
        releaseId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    lastBilling: z
      .object({ billingName: z.string(), billingState: z.string(), gstin: z.string().nullable() })
      .nullable(),
    gateway: z.enum(["razorpay", "test"]),
  })
  .openapi("Billing");

const quoteSchema = z
  .object({
    kind: z.enum(["charge", "scheduled"]),
    planId: z.enum(PLAN_IDS),
    effectiveOn: z.string(),
    amountPaise: z.number().int(),
    creditPaise: z.number().int(),
    gst: gstSchema.nullable(),
  })
  .openapi("PlanQuote");

const checkoutParams = z.object({ id: z.uuid({ message: t("payment.msg.checkoutNotFound") }) });
const invoiceParams = z.object({ id: z.uuid({ message: t("server.invoiceNotFound") }) });
const refParams = z.object({
  ref: z.string().regex(/^(sub|order)_test_[0-9a-f]{14}$/, t("payment.msg.checkoutNotFound")),
});

const routes = {
  billing: createRoute({
    method: "get",
    path: "/billing",
    tags: ["Subscription"],
    summary: "Manage Billing: whether the plan is paid, how it pays, next renewal, invoices and payments",
    responses: { 200: json(billingSchema, "Billing"), 401: error("Signed out") },
  }),
  quote: createRoute({
    method: "get",
    path: "/checkouts/quote",
    tags: ["Subscription"],
    summary:
      "What changing to a plan costs today (an upgrade's credit for the unused plan shown), with the GST inside it",
    request: {
      query: z.object({ planId: z.enum(PLAN_IDS), billingState: z.enum(INDIAN_STATE_NAMES).optional() }),
    },
    responses: {
      200: json(quoteSchema, "Quote"),
      400: error("Unknown plan"),
      401: error("Signed out"),
      409: error("Already on that plan"),
    },
  }),
  start: createRoute({
    method: "post",
    path: "/checkouts",
    tags: ["Subscription"],
    summary:
      "Open a checkout for a yearly plan (a gateway subscription) or the Introductory Offer for one release (an order); a downgrade is scheduled for the renewal instead",
    request: { body: { content: { "application/json": { schema: startCheckoutSchema } }, required: true } },
    responses: {
      201: json(
        z.object({
          checkout: checkoutSchema.nullable(),
          scheduled: z.object({ planId: z.enum(PLAN_IDS), effectiveOn: z.string(), message: z.string() }).nullable(),
          keyId: z.string().nullable(),
        }),
        "Checkout opened, or downgrade scheduled",
      ),
      400: error("Invalid input"),
      401: error("Signed out"),
      404: error("No such release of yours"),
      409: error("Already on that plan, or the release is paid for"),
      502: error("The gateway refused or could not be reached"),
    },
  }),
  status: createRoute({
    method: "get",
    path: "/checkouts/{id}",
    tags: ["Subscription"],
    summary: "A checkout of yours: open while the payment is processed, then paid or failed (with the reason)",
    request: { params: checkoutParams },
    responses: { 200: json(checkoutSchema, "Checkout"), 401: error("Signed out"), 404: error("Not yours or absent") },
  }),
  verify: createRoute({
    method: "post",
    path: "/checkouts/{id}/verify",
    tags: ["Subscription"],
    summary: "The gateway checkout's result: its signature is verified and the payment read back from the gateway",
    request: {
      params: checkoutParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({ paymentId: z.string().min(1).max(100), signature: z.string().min(1).max(200) }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(checkoutSchema, "Checkout"),
      400: error("Signature wrong"),
      401: error("Signed out"),
      404: error("Not yours or absent"),
      502: error("The gateway could not be reached"),
    },
  }),
  cancel: createRoute({
    method: "post",
    path: "/subscription/cancel",
    tags: ["Subscription"],
    summary: "Cancel at the end of the current period: the gateway stops renewing",
    responses: {
      200: json(overviewSchema, "The artist's subscription"),
      401: error("Signed out"),
      409: error("Nothing to cancel"),
      502: error("The gateway could not be reached"),
    },
  }),
  invoicePdf: createRoute({
    method: "get",
    path: "/invoices/{id}/pdf",
    tags: ["Subscription"],
    summary: "One of your GST invoices as a PDF",
    request: { params: invoiceParams },
    responses: {
      200: { description: "The invoice", content: { "application/pdf": { schema: z.any() } } },
      401: error("Signed out"),
      404: error("Not yours or absent"),
    },
  }),
  adminInvoicePdf: createRoute({
    method: "get",
    path: "/admin/invoices/{id}/pdf",
    tags: ["Admin"],
    summary: "Any GST invoice as a PDF",
    request: { params: invoiceParams },
    responses: {
      200: { description: "The invoice", content: { "application/pdf": { schema: z.any() } } },
      404: error("Absent"),
      ...adminErrors,
    },
  }),
  testCheckout: createRoute({
    method: "get",
    path: "/test-gateway/checkouts/{ref}",
    tags: ["Subscription"],
    summary: "The built-in test gateway's checkout page: what is being paid for (only when it is the gateway in use)",
    request: { params: refParams },
    responses: {
      200: json(checkoutSchema, "Checkout"),
      401: error("Signed out"),
      404: error("Not yours, absent, or not the test gateway"),
    },
  }),
  testPay: createRoute({
    method: "post",
    path: "/test-gateway/checkouts/{ref}/pay",
    tags: ["Subscription"],
    summary: "Pay (or fail to pay) on the test gateway, which then sends the app a signed webhook",
    request: {
      params: refParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({ method: z.enum(["upi", "card"]), outcome: z.enum(["success", "failure"]) }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(checkoutSchema, "Checkout after the payment"),
      401: error("Signed out"),
      404: error("Not yours, absent, or not the test gateway"),
      409: error("Already closed"),
    },
  }),
};

const webhookDeps = (deps: AppDeps) => ({
  db: deps.database.db,
  payments: deps.payments,
  mailer: deps.mailer,
  logger: deps.logger,
  publicUrl: deps.publicUrl,
});

/** The invoice in the language of whoever downloads it (issue 39). */
const pdfResponse = async (row: typeof invoices.$inferSelect, locale: Locale) =>
  fileDownload(await invoicePdf(row, locale), "application/pdf", `${row.number.replaceAll("/", "-")}.pdf`);

async function testCheckoutOf(deps: AppDeps, userId: string, ref: string) {
  if (!deps.payments.testGateway) throw new DomainError("not_found", "NOT_FOUND", "The test gateway is not in use.");
  const [row] = await deps.database.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.gatewayRef, ref), eq(checkouts.userId, userId)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("payment.msg.checkoutNotFound"));
  return row.id;
}

// Thin routes: validate, authorize, call the services (checkout.service.ts, invoices.ts).
export const billingRouter = createRouter()
  .openapi(routes.billing, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    return c.json(
      { ...(await billingOverview(deps.database.db, workspace.id)), gateway: deps.payments.gateway.name },
      200,
    );
  })
  .openapi(routes.quote, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    const { planId, billingState } = c.req.valid("query");
    return c.json(await quotePlan(deps.database.db, deps.payments, workspace.id, planId, billingState), 200);
  })
  .openapi(routes.start, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    return c.json(await startCheckout(webhookDeps(c.get("deps")), workspace.id, c.req.valid("json")), 201);
  })
  .openapi(routes.status, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    return c.json(await checkoutStatus(deps.database.db, deps.payments, workspace.id, c.req.valid("param").id), 200);
  })
  .openapi(routes.verify, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    const checkout = await verifyCheckout(
      webhookDeps(deps),
      workspace.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    deps.jobs.kick();
    return c.json(checkout, 200);
  })
  .openapi(routes.cancel, async (c) => {
    const { user, workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    await cancelAtCycleEnd(webhookDeps(deps), workspace.id, user);
    return c.json(await subscriptionOverview(deps.database.db, workspace.id), 200);
  })
  .openapi(routes.invoicePdf, async (c) => {
    const { user, workspace } = await requireMember(c, "billing:manage");
    const [row] = await c
      .get("deps")
      .database.db.select()
      .from(invoices)
      .where(and(eq(invoices.id, c.req.valid("param").id), eq(invoices.userId, workspace.id)));
    if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.invoiceNotFound"));
    return pdfResponse(row, user.locale);
  })
  .openapi(routes.adminInvoicePdf, async (c) => {
    const admin = await requireAdmin(c);
    const [row] = await c
      .get("deps")
      .database.db.select()
      .from(invoices)
      .where(eq(invoices.id, c.req.valid("param").id));
    if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.invoiceNotFound"));
    return pdfResponse(row, admin.locale);
  })
  .openapi(routes.testCheckout, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    const id = await testCheckoutOf(deps, workspace.id, c.req.valid("param").ref);
    return c.json(await checkoutStatus(deps.database.db, deps.payments, workspace.id, id), 200);
  })
  .openapi(routes.testPay, async (c) => {
    const { workspace } = await requireMember(c, "billing:manage");
    const deps = c.get("deps");
    const { ref } = c.req.valid("param");
    const id = await testCheckoutOf(deps, workspace.id, ref);
    const checkout = await checkoutStatus(deps.database.db, deps.payments, workspace.id, id);
    if (checkout.status !== "open") throw new DomainError("conflict", "CLOSED", t("payment.msg.checkoutClosed"));
    const { method, outcome } = c.req.valid("json");
    await deps.payments.testGateway?.pay(ref, method, outcome);
    deps.jobs.kick();
    return c.json(await checkoutStatus(deps.database.db, deps.payments, workspace.id, id), 200);
  });
