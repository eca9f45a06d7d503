import { createRoute, z } from "@hono/zod-openapi";
import { MESSAGES } from "#domain/messages";
import {
  KYC_STATUSES,
  PAYEE_METHODS,
  PAYEE_RESIDENCES,
  payeeDetailsSchema as payeeDetailsInput,
  TAX_FORMS,
} from "#domain/payouts";
import { requireAdmin, requireMember, requireRecentSignIn } from "#server/auth/guards";
import { accountPasswordMatches } from "#server/auth/password";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { err, json, moneyDeps } from "#server/lib/route-helpers";
import { payoutSchema, royaltiesSchema } from "#server/modules/royalties";
import { payeeAccountForPayout, payeeAccountSchema } from "./payee-account";
import { approvePayeeDetails, getPayeeDetails, savePayeeDetails } from "./payee-details";
import { approvePayouts, completePayout, listPayouts, receivePayoutWebhook, requestPayout } from "./payouts.service";

const payeeDetailsSchema = z
  .object({
    residence: z.enum(PAYEE_RESIDENCES),
    method: z.enum(PAYEE_METHODS),
    legalName: z.string(),
    panLast4: z.string().nullable(),
    accountLast4: z.string().nullable(),
    ifsc: z.string().nullable(),
    upiId: z.string().nullable(),
    routingNumber: z.string().nullable(),
    bankName: z.string().nullable(),
    paypalEmail: z.string().nullable(),
    taxForm: z.enum(TAX_FORMS).nullable(),
    status: z
      .enum(KYC_STATUSES)
      .nullable()
      .openapi({ description: "The provider's check in India; null when none ran" }),
    registeredName: z.string().nullable(),
    checkedAt: z.string().nullable(),
  })
  .openapi("PayeeDetails");
const routes = {
  request: createRoute({
    method: "post",
    path: "/royalties/payouts",
    tags: ["Payouts"],
    summary: "Request a payout (the whole available balance unless an amount is given; from ₹500), TDS deducted",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              amountPaise: z.number().optional(),
              /** Asked again when the session signed in more than a few minutes ago. */
              password: z.string().max(1000).optional(),
            }),
          },
        },
        required: false,
      },
    },
    responses: {
      400: err("Not an amount in whole paise"),
      201: json(royaltiesSchema, "Requested"),
      401: err("Signed out"),
      403: err("The password is needed again (REAUTH_REQUIRED)"),
      409: err("Below the minimum, above the balance, no payout account or details held for review"),
    },
  }),
  adminList: createRoute({
    method: "get",
    path: "/admin/payouts",
    tags: ["Admin", "Payouts"],
    summary: "Payouts, pending first",
    responses: {
      200: json(
        z.object({
          payouts: z.array(
            payoutSchema.extend({
              userId: z.string(),
              userName: z.string(),
              userEmail: z.string(),
              kycStatus: z.enum(KYC_STATUSES).nullable(),
              legalName: z.string().nullable(),
              registeredName: z.string().nullable(),
              payableByProvider: z.boolean(),
              destination: z.string().nullable(),
            }),
          ),
        }),
        "Payouts",
      ),
      ...adminErrors,
    },
  }),
  payeeAccount: createRoute({
    method: "get",
    path: "/admin/payouts/{id}/account",
    tags: ["Admin", "Payouts"],
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
    tags: ["Admin", "Payouts"],
    summary: "Mark a pending payout paid, with the bank or PayPal reference",
    request: {
      params: idParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({
              reference: z.string().trim().min(1, "Enter the payment reference.").max(120),
              // Money paid by hand is confirmed with the admin's own password (issue 33).
              password: z.string().min(1, "Enter your password to confirm.").max(200),
            }),
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
  payeeDetails: createRoute({
    method: "get",
    path: "/payee-details",
    tags: ["Payouts"],
    summary: "Your payee details, masked, with their validation status",
    responses: { 200: json(z.object({ details: payeeDetailsSchema.nullable() }), "Details"), 401: err("Signed out") },
  }),
  savePayeeDetails: createRoute({
    method: "put",
    path: "/payee-details",
    tags: ["Payouts"],
    summary:
      "Save payee details. In India: legal name, PAN, and a bank account + IFSC or a UPI ID, validated by the payout provider. Outside India: a bank transfer or PayPal with a US tax form, paid by hand",
    request: {
      body: {
        content: {
          "application/json": {
            schema: payeeDetailsInput.and(z.object({ password: z.string().max(1000).optional() })),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ details: payeeDetailsSchema.nullable(), message: z.string() }), "Saved and checked"),
      403: err("The password is needed again (REAUTH_REQUIRED)"),
      400: err("Invalid details"),
      401: err("Signed out"),
      502: err("The provider could not be reached"),
    },
  }),
  approve: createRoute({
    method: "post",
    path: "/admin/payouts/approve",
    tags: ["Admin", "Payouts"],
    summary: "Approve a batch of pending payouts: each goes to the payout provider with its idempotency key",
    request: {
      body: {
        content: { "application/json": { schema: z.object({ ids: z.array(z.string().uuid()).min(1).max(200) }) } },
        required: true,
      },
    },
    responses: {
      200: json(
        z.object({ sent: z.array(z.string()), skipped: z.array(z.object({ id: z.string(), reason: z.string() })) }),
        "What was sent and what was not",
      ),
      400: err("No ids"),
      ...adminErrors,
    },
  }),
  approvePayee: createRoute({
    method: "post",
    path: "/admin/payees/{id}/approve",
    tags: ["Admin", "Payouts"],
    summary: "After review, let payouts go to a payee whose registered name did not match (audited)",
    request: { params: z.object({ id: z.string().min(1).max(100) }) },
    responses: {
      200: json(z.object({ details: payeeDetailsSchema.nullable() }), "Approved"),
      404: err("No payee details"),
      409: err("Never validated"),
      ...adminErrors,
    },
  }),
  payoutWebhook: createRoute({
    method: "post",
    path: "/webhooks/razorpayx",
    tags: ["Payouts"],
    summary: "RazorpayX payout webhooks (processed, failed, reversed): signed over the raw body; each event acts once",
    responses: {
      200: json(z.object({ received: z.literal(true), outcome: z.string() }), "Received"),
      400: err("Malformed"),
      401: err("Signature missing or wrong"),
    },
  }),
};

// Thin routes: validate, authorize, call the service (payouts.service.ts), shape the answer.
export const payoutsRouter = createRouter()
  .openapi(routes.request, async (c) => {
    const { user, workspace } = await requireMember(c, "royalties:write");
    // The body is optional: without one, the whole balance.
    const body = (c.req.valid("json") as { amountPaise?: number; password?: string } | undefined) ?? {};
    await requireRecentSignIn(c, user, body.password);
    return c.json(await requestPayout(moneyDeps(c.get("deps")), workspace.id, body.amountPaise), 201);
  })
  .openapi(routes.adminList, async (c) => {
    await requireAdmin(c);
    return c.json({ payouts: await listPayouts(c.get("deps").database.db) }, 200);
  })
  .openapi(routes.payeeAccount, async (c) => {
    const admin = await requireAdmin(c);
    const account = await payeeAccountForPayout(c.get("deps"), c.req.valid("param").id, admin.id);
    return c.json({ account }, 200);
  })
  .openapi(routes.complete, async (c) => {
    const admin = await requireAdmin(c);
    const { reference, password } = c.req.valid("json");
    if (!(await accountPasswordMatches(c.get("deps").database.db, admin.id, password))) {
      throw new DomainError("invalid", "INVALID_PASSWORD", MESSAGES.wrongPassword, {
        fields: { password: MESSAGES.wrongPassword },
      });
    }
    const payout = await completePayout(c.get("deps"), c.req.valid("param").id, reference);
    return c.json({ payout }, 200);
  })
  .openapi(routes.payeeDetails, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    return c.json({ details: await getPayeeDetails(c.get("deps").database.db, workspace.id) }, 200);
  })
  .openapi(routes.savePayeeDetails, async (c) => {
    const { user, workspace } = await requireMember(c, "royalties:write");
    const { password, ...details } = c.req.valid("json");
    await requireRecentSignIn(c, user, password);
    return c.json(await savePayeeDetails(moneyDeps(c.get("deps")), workspace.id, details, user), 200);
  })
  .openapi(routes.approve, async (c) => {
    await requireAdmin(c);
    return c.json(await approvePayouts(moneyDeps(c.get("deps")), c.req.valid("json").ids), 200);
  })
  .openapi(routes.approvePayee, async (c) => {
    const admin = await requireAdmin(c);
    return c.json(
      { details: await approvePayeeDetails(c.get("deps").database.db, c.req.valid("param").id, admin.id) },
      200,
    );
  })
  .openapi(routes.payoutWebhook, async (c) => {
    // Read as text and verified before it is parsed: the signature is over the bytes sent.
    const outcome = await receivePayoutWebhook(moneyDeps(c.get("deps")), {
      raw: await c.req.text(),
      signature: c.req.header("x-razorpay-signature"),
      eventId: c.req.header("x-razorpay-event-id"),
    });
    return c.json({ received: true as const, outcome }, 200);
  });
