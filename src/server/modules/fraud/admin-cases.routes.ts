import { createRoute, z } from "@hono/zod-openapi";
import { CASE_STATUSES, decisionSchema, noticeSchema } from "#domain/fraud";
import { replySchema } from "#domain/tickets";
import { requireAdmin } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { adminErrors, idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { caseDetailSchema, caseFileParams, caseIdParams, caseSchema, warningSchema } from "./case.schema";
import { caseFileResponse } from "./cases.routes";
import {
  addCaseMessage,
  adminCases,
  caseDetail,
  caseFile,
  decideCase,
  type FraudDeps,
  importNotices,
  recordNotice,
  reverseStoreFee,
} from "./cases.service";
import { reviewWarning, warningQueue } from "./warnings";

const detail = json(caseDetailSchema, "Case");
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/cases",
    tags: ["Admin"],
    summary: "Store-notice cases: open ones by deadline (overdue first), then decided ones",
    request: { query: z.object({ status: z.enum(CASE_STATUSES).optional(), overdue: flag }) },
    responses: { 200: json(z.object({ cases: z.array(caseSchema) }), "Cases"), ...adminErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/admin/cases",
    tags: ["Admin"],
    summary:
      "Record a store's notice: opens a case for the workspace, holds exactly the disputed ledger lines, tells the artist",
    request: { body: { content: { "application/json": { schema: noticeSchema } }, required: true } },
    responses: {
      201: detail,
      400: err("Invalid notice, or an ISRC or UPC we do not distribute"),
      409: err("Another case covers these tracks at this store in this period"),
      ...adminErrors,
    },
  }),
  importFile: createRoute({
    method: "post",
    path: "/admin/cases/import",
    tags: ["Admin"],
    summary:
      "Import a store's notice file (CSV, one row per flagged track): one case per workspace and notice, all or none",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              csv: z.string().min(1, "Choose the store's file.").max(900_000, "The file is too large."),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      201: json(z.object({ cases: z.array(caseSchema) }), "Cases opened"),
      400: err("A bad row (listed by line in details.rows): nothing recorded"),
      409: err("A row overlaps another case: nothing recorded"),
      413: err("Too many rows"),
      ...adminErrors,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/admin/cases/{id}",
    tags: ["Admin"],
    summary: "A case with its evidence, holds and thread",
    request: { params: caseIdParams },
    responses: { 200: detail, 404: err("No such case"), ...adminErrors },
  }),
  reply: createRoute({
    method: "post",
    path: "/admin/cases/{id}/messages",
    tags: ["Admin"],
    summary: "Reply in the case's thread as Kalrav Support",
    request: {
      params: caseIdParams,
      body: { content: { "application/json": { schema: replySchema } }, required: true },
    },
    responses: { 201: detail, 400: err("Empty reply"), 404: err("No such case"), ...adminErrors },
  }),
  decide: createRoute({
    method: "post",
    path: "/admin/cases/{id}/decision",
    tags: ["Admin"],
    summary:
      "Decide: upheld (held lines reversed), partly upheld (the tracks named), or dismissed (holds released in this month's statement)",
    request: {
      params: caseIdParams,
      body: { content: { "application/json": { schema: decisionSchema } }, required: true },
    },
    responses: {
      200: detail,
      400: err("Invalid decision"),
      404: err("No such case"),
      409: err("Already decided"),
      ...adminErrors,
    },
  }),
  feeReversal: createRoute({
    method: "post",
    path: "/admin/cases/{id}/fee-reversal",
    tags: ["Admin"],
    summary: "The store reversed its fee: its line is matched by a reversal in this month's statement",
    request: { params: caseIdParams },
    responses: { 200: detail, 404: err("No such case"), 409: err("No fee to reverse"), ...adminErrors },
  }),
  file: createRoute({
    method: "get",
    path: "/admin/cases/{id}/files/{fileId}",
    tags: ["Admin"],
    summary: "A file attached in the case's thread",
    request: { params: caseFileParams },
    responses: { 200: { description: "The file" }, 404: err("No such file"), ...adminErrors },
  }),
  warnings: createRoute({
    method: "get",
    path: "/admin/stream-warnings",
    tags: ["Admin"],
    summary: "Early warnings from the imported reports: those nobody has reviewed (or all)",
    request: { query: z.object({ all: flag }) },
    responses: { 200: json(z.object({ warnings: z.array(warningSchema) }), "Warnings"), ...adminErrors },
  }),
  review: createRoute({
    method: "post",
    path: "/admin/stream-warnings/{id}/review",
    tags: ["Admin"],
    summary: "Mark a warning as reviewed: it leaves the queue",
    request: { params: idParams },
    responses: { 200: json(z.object({ id: z.string() }), "Reviewed"), 404: err("No such warning"), ...adminErrors },
  }),
};

const fraudDeps = (deps: AppDeps): FraudDeps => ({
  db: deps.database.db,
  mailer: deps.mailer,
  logger: deps.logger,
  publicUrl: deps.publicUrl,
  delivery: deps.delivery,
  fraud: deps.fraud,
});

// Thin routes: validate, authorize, call the service (cases.service.ts, warnings.ts), shape the answer.
export const adminCasesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    return c.json({ cases: await adminCases(c.get("deps").database.db, c.req.valid("query")) }, 200);
  })
  .openapi(routes.create, async (c) => {
    const admin = await requireAdmin(c);
    return c.json(await recordNotice(fraudDeps(c.get("deps")), admin, c.req.valid("json")), 201);
  })
  .openapi(routes.importFile, async (c) => {
    const admin = await requireAdmin(c);
    return c.json({ cases: await importNotices(fraudDeps(c.get("deps")), admin, c.req.valid("json").csv) }, 201);
  })
  .openapi(routes.get, async (c) => {
    await requireAdmin(c);
    return c.json(await caseDetail(c.get("deps").database.db, c.req.valid("param").id), 200);
  })
  .openapi(routes.reply, async (c) => {
    const admin = await requireAdmin(c);
    const answer = await addCaseMessage(c.get("deps").database.db, {
      caseId: c.req.valid("param").id,
      author: { id: admin.id, name: admin.name },
      fromSupport: true,
      message: c.req.valid("json").message,
      file: null,
    });
    return c.json(answer, 201);
  })
  .openapi(routes.decide, async (c) => {
    const admin = await requireAdmin(c);
    return c.json(await decideCase(fraudDeps(c.get("deps")), admin, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(routes.feeReversal, async (c) => {
    const admin = await requireAdmin(c);
    return c.json(await reverseStoreFee(fraudDeps(c.get("deps")), admin, c.req.valid("param").id), 200);
  })
  .openapi(routes.file, async (c) => {
    await requireAdmin(c);
    const { id, fileId } = c.req.valid("param");
    return caseFileResponse(await caseFile(c.get("deps").database.db, id, fileId));
  })
  .openapi(routes.warnings, async (c) => {
    await requireAdmin(c);
    return c.json({ warnings: await warningQueue(c.get("deps").database.db, c.req.valid("query")) }, 200);
  })
  .openapi(routes.review, async (c) => {
    const admin = await requireAdmin(c);
    const id = c.req.valid("param").id;
    await reviewWarning(c.get("deps").database.db, id, admin.id);
    return c.json({ id }, 200);
  });
