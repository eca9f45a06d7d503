import { createRoute, z } from "@hono/zod-openapi";
import { t } from "#domain/i18n";
import { PAYEE_METHODS, PAYOUT_STATUSES } from "#domain/payouts";
import { RECONCILIATION_KINDS } from "#domain/royalties";
import { SPLIT_MESSAGES, SPLIT_ROLES, splitSheetSchema } from "#domain/splits";
import { requireAdmin, requireMember, requireUser } from "#server/auth/guards";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { inLocale } from "#server/lib/i18n";
import { err, fileDownload, json, moneyDeps } from "#server/lib/route-helpers";
import { reconcileRoyalties } from "./reconciliation";
import { loadRoyalties } from "./royalties.service";
import { acceptInvite, getSplits, inviteInfo, saveSplit, sendAcceptCode } from "./splits.service";
import { buildStatement, statementCsv, statementPdf, tdsCsv, tdsDeductions } from "./statements";

export const payoutSchema = z
  .object({
    id: z.string(),
    amountPaise: z.number().int(),
    tdsPaise: z.number().int(),
    netPaise: z.number().int(),
    status: z.enum(PAYOUT_STATUSES),
    method: z.enum(PAYEE_METHODS),
    reference: z.string().nullable(),
    utr: z.string().nullable(),
    provider: z.string().nullable(),
    failureReason: z.string().nullable(),
    financialYear: z.string(),
    requestedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("Payout");

export const royaltiesSchema = z
  .object({
    totalEarningsPaise: z.number().int(),
    pendingPaymentPaise: z.number().int(),
    availablePaise: z.number().int(),
    minimumPayoutPaise: z.number().int(),
    canRequestPayout: z.boolean(),
    heldForCollaboratorsPaise: z.number().int(),
    heldInCasesPaise: z
      .number()
      .int()
      .openapi({ description: "Held while a store's notice is in dispute (issue 41): not payable until decided" }),
    tds: z.object({
      section: z.string(),
      financialYear: z.string(),
      paidThisYearPaise: z.number().int(),
      deductedThisYearPaise: z.number().int(),
      thresholdPaise: z.number().int(),
    }),
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
  reconcile: createRoute({
    method: "get",
    path: "/admin/royalties/reconciliation",
    tags: ["Admin", "Royalties"],
    summary: "Check that every ledger row traces to store report rows of a delivered release its payee owns",
    responses: { 200: json(reconciliationSchema, "The check's result"), ...adminErrors },
  }),
};

const splitShareSchema = z.object({
  collaboratorId: z.string().nullable(),
  name: z.string(),
  role: z.enum(SPLIT_ROLES),
  roleLabel: z.string(),
  percent: z.string(),
  isOwner: z.boolean(),
});
const sheetSchema = z.object({
  id: z.string(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  recoupment: z.object({ collaboratorId: z.string(), name: z.string(), amountPaise: z.number().int() }).nullable(),
  shares: z.array(splitShareSchema),
});
const sheetsSchema = z.object({
  current: sheetSchema.nullable(),
  upcoming: z.array(sheetSchema),
  history: z.array(sheetSchema),
});
const splitsSchema = z
  .object({
    release: z.object({ id: z.string(), title: z.string(), artistName: z.string() }),
    tracks: z.array(
      sheetsSchema.extend({
        id: z.string(),
        position: z.number().int(),
        title: z.string(),
        isrc: z.string().nullable(),
      }),
    ),
    releaseWide: sheetsSchema,
    collaborators: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(SPLIT_ROLES),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        accepted: z.boolean(),
        acceptedAt: z.string().nullable(),
        heldPaise: z.number().int(),
        inviteUrl: z.string().nullable(),
      }),
    ),
  })
  .openapi("Splits");
const money = z.number().int();
const statementSchema = z
  .object({
    month: z.string(),
    payee: z.object({ name: z.string(), email: z.string() }),
    openingPaise: money,
    earnings: z.array(
      z.object({
        release: z.string(),
        /** The release's artist profiles as named today (a compilation's joined), else the typed name. */
        artist: z.string(),
        track: z.string(),
        isrc: z.string(),
        store: z.string(),
        country: z.string(),
        earningPaise: money,
        recoupmentPaise: money,
      }),
    ),
    earningsPaise: money,
    recoupmentPaise: money,
    byArtist: z.array(z.object({ artist: z.string(), earningPaise: money, recoupmentPaise: money })),
    sharedWith: z.array(z.object({ name: z.string(), amountPaise: money })),
    sharedPaise: money,
    heldInEscrowPaise: money,
    escrowReleasedPaise: money,
    held: z.array(
      z.object({
        caseReference: z.string(),
        release: z.string(),
        track: z.string(),
        isrc: z.string(),
        store: z.string(),
        amountPaise: money,
      }),
    ),
    heldPaise: money.openapi({ description: "Held this month while a store's notice is in dispute (issue 41)" }),
    caseLines: z.array(
      z.object({
        caseReference: z.string(),
        kind: z.enum(["hold_release", "reversal", "store_fee"]),
        store: z.string(),
        amountPaise: money,
      }),
    ),
    releasedFromHoldPaise: money,
    reversedPaise: money,
    storeFeesPaise: money,
    payouts: z.array(
      z.object({
        id: z.string(),
        requestedAt: z.string(),
        status: z.enum(PAYOUT_STATUSES),
        grossPaise: money,
        tdsPaise: money,
        netPaise: money,
        utr: z.string().nullable(),
      }),
    ),
    payoutsPaise: money,
    returnedPaise: money,
    tdsPaise: money,
    closingPaise: money,
    tdsSection: z.string(),
  })
  .openapi("RoyaltyStatement");
const tokenParams = z.object({ token: z.string().min(10).max(100) });
const fileResponse = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.any() }, "application/pdf": { schema: z.any() } },
});
const quarterQuery = z.object({
  fy: z.string().regex(/^\d{4}-\d{2}$/, t("server.fy")),
  quarter: z.enum(["1", "2", "3", "4"]),
});

const moreRoutes = {
  splits: createRoute({
    method: "get",
    path: "/releases/{id}/splits",
    tags: ["Splits"],
    summary:
      "A release's split sheets per track (in force, upcoming, history) and the owner's collaborators with what escrow holds",
    request: { params: idParams },
    responses: { 200: json(splitsSchema, "Splits"), 401: err("Signed out"), 404: err("Not yours or absent") },
  }),
  saveSplit: createRoute({
    method: "put",
    path: "/releases/{id}/tracks/{trackId}/split",
    tags: ["Splits"],
    summary:
      "Save a new version of a track's split (shares summing to 100 %, optional recoupment, effective date); new collaborators are invited",
    request: {
      params: z.object({ id: z.string().uuid(), trackId: z.string().uuid() }),
      body: { content: { "application/json": { schema: splitSheetSchema } }, required: true },
    },
    responses: {
      200: json(splitsSchema.extend({ pendingInvites: z.number().int() }), "Saved"),
      400: err("Shares not summing to 100 %, bad contact, bad recoupment or a past date"),
      401: err("Signed out"),
      404: err("Not your release or track"),
    },
  }),
  invite: createRoute({
    method: "get",
    path: "/invites/{token}",
    tags: ["Splits"],
    summary: "What a split invite is for, and what is held for the collaborator (anyone holding the link)",
    request: { params: tokenParams },
    responses: {
      200: json(
        z.object({
          name: z.string(),
          role: z.enum(SPLIT_ROLES),
          ownerName: z.string(),
          releases: z.array(z.string()),
          heldPaise: money,
          accepted: z.boolean(),
          emailHint: z.string().nullable(),
          contactHint: z.string(),
        }),
        "The invite",
      ),
      404: err("No such invite"),
    },
  }),
  inviteCode: createRoute({
    method: "post",
    path: "/invites/{token}/code",
    tags: ["Splits"],
    summary: "Send a one-time code to the invited address or number, to prove the invite is yours",
    request: { params: tokenParams },
    responses: {
      200: json(z.object({ sentTo: z.string(), message: z.string() }), "Sent"),
      401: err("Signed out"),
      404: err("No such invite"),
      409: err("Already accepted, or the owner's own"),
      429: err("Too many codes for this invite today"),
    },
  }),
  acceptInvite: createRoute({
    method: "post",
    path: "/invites/{token}/accept",
    tags: ["Splits"],
    summary:
      "Accept a split invite with the signed-in account: what escrow held is released to it, once. Proof is the account's verified invited address, or the one-time code sent there",
    request: {
      params: tokenParams,
      body: {
        required: false,
        content: {
          "application/json": {
            schema: z.object({
              code: z
                .string()
                .trim()
                .regex(/^\d{6}$/, SPLIT_MESSAGES.codeWrong)
                .optional(),
            }),
          },
        },
      },
    },
    responses: {
      200: json(z.object({ releasedPaise: money, message: z.string() }), "Accepted"),
      400: err("A code that is not six digits"),
      401: err("Signed out"),
      403: err("No proof yet that the invited address or number is yours, or a wrong or expired code"),
      404: err("No such invite"),
      409: err("Already accepted, the owner's own, or sent to another address"),
    },
  }),
  statement: createRoute({
    method: "get",
    path: "/royalties/statements/{month}",
    tags: ["Royalties"],
    summary:
      "Your statement for a month (YYYY-MM): opening balance, earnings by release, track, store and country, recoupment, TDS, payouts, closing balance",
    request: { params: z.object({ month: z.string() }) },
    responses: { 200: json(statementSchema, "The statement"), 400: err("Not a month"), 401: err("Signed out") },
  }),
  statementFile: createRoute({
    method: "get",
    path: "/royalties/statements/{month}/{format}",
    tags: ["Royalties"],
    summary: "Your statement for a month as CSV or PDF",
    request: { params: z.object({ month: z.string(), format: z.enum(["csv", "pdf"]) }) },
    responses: { 200: fileResponse("The statement"), 400: err("Not a month"), 401: err("Signed out") },
  }),
  myTds: createRoute({
    method: "get",
    path: "/royalties/tds",
    tags: ["Royalties"],
    summary: "Your TDS deductions of a quarter, as CSV",
    request: { query: quarterQuery },
    responses: { 200: fileResponse("CSV"), 400: err("Not a quarter"), 401: err("Signed out") },
  }),
  adminTds: createRoute({
    method: "get",
    path: "/admin/tds",
    tags: ["Admin", "Royalties"],
    summary: "Every TDS deduction of a quarter, as CSV for filing",
    request: { query: quarterQuery },
    responses: { 200: fileResponse("CSV"), 400: err("Not a quarter"), ...adminErrors },
  }),
};

// Thin routes: validate, authorize, call the service (royalties.service.ts), shape the answer.
export const royaltiesRouter = createRouter()
  .openapi(routes.get, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    return c.json(await loadRoyalties(moneyDeps(c.get("deps")), workspace.id), 200);
  })
  .openapi(routes.reconcile, async (c) => {
    const admin = await requireAdmin(c);
    // Composed for the admin who asked, in their language (it stores nothing).
    return c.json(await inLocale(admin.locale, () => reconcileRoyalties(c.get("deps").database.db)), 200);
  })
  .openapi(moreRoutes.splits, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    return c.json(await getSplits(moneyDeps(c.get("deps")), workspace.id, c.req.valid("param").id), 200);
  })
  .openapi(moreRoutes.saveSplit, async (c) => {
    const { user, workspace } = await requireMember(c, "royalties:write");
    const { id, trackId } = c.req.valid("param");
    return c.json(await saveSplit(moneyDeps(c.get("deps")), workspace.id, id, trackId, c.req.valid("json"), user), 200);
  })
  .openapi(moreRoutes.invite, async (c) => {
    return c.json(await inviteInfo(c.get("deps").database.db, c.req.valid("param").token), 200);
  })
  .openapi(moreRoutes.inviteCode, async (c) => {
    const user = await requireUser(c);
    return c.json(await sendAcceptCode(moneyDeps(c.get("deps")), c.req.valid("param").token, user), 200);
  })
  .openapi(moreRoutes.acceptInvite, async (c) => {
    const user = await requireUser(c);
    const code = c.req.valid("json")?.code;
    return c.json(await acceptInvite(moneyDeps(c.get("deps")), c.req.valid("param").token, user, code), 200);
  })
  .openapi(moreRoutes.statement, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    const deps = c.get("deps");
    return c.json(
      await buildStatement(deps.database.db, workspace.id, c.req.valid("param").month, deps.payouts.tds),
      200,
    );
  })
  .openapi(moreRoutes.statementFile, async (c) => {
    const { user, workspace } = await requireMember(c, "royalties:read");
    const deps = c.get("deps");
    const { month, format } = c.req.valid("param");
    const statement = await buildStatement(deps.database.db, workspace.id, month, deps.payouts.tds);
    return format === "csv"
      ? fileDownload(statementCsv(statement), "text/csv; charset=utf-8", `kalrav-statement-${month}.csv`)
      : fileDownload(await statementPdf(statement, user.locale), "application/pdf", `kalrav-statement-${month}.pdf`);
  })
  .openapi(moreRoutes.myTds, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    const deps = c.get("deps");
    const { fy, quarter } = c.req.valid("query");
    const rows = await tdsDeductions(moneyDeps(deps), fy, Number(quarter) as 1 | 2 | 3 | 4, workspace.id);
    return fileDownload(
      tdsCsv(deps.payouts.tds.section, rows),
      "text/csv; charset=utf-8",
      `kalrav-tds-${fy}-Q${quarter}.csv`,
    );
  })
  .openapi(moreRoutes.adminTds, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    const { fy, quarter } = c.req.valid("query");
    const rows = await tdsDeductions(moneyDeps(deps), fy, Number(quarter) as 1 | 2 | 3 | 4);
    return fileDownload(
      tdsCsv(deps.payouts.tds.section, rows),
      "text/csv; charset=utf-8",
      `kalrav-tds-${fy}-Q${quarter}-all.csv`,
    );
  });
