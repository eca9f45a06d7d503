import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CASE_FILE_MAX_BYTES, caseAnswerSchema, FRAUD_MESSAGES } from "#domain/fraud";
import { MESSAGES } from "#domain/messages";
import { requireMember } from "#server/auth/guards";
import type { AppEnv } from "#server/context";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { err, fileDownload, json } from "#server/lib/route-helpers";
import { caseDetailSchema, caseFileParams, caseIdParams, caseSchema, warningSchema } from "./case.schema";
import { addCaseMessage, type CaseFileInput, caseDetail, caseFile, workspaceCases } from "./cases.service";
import { workspaceWarnings } from "./warnings";

/** The path an answer with a file is posted to (its body limit is the file's). */
export const CASE_MESSAGE_PATH = /^\/api\/cases\/[^/]+\/messages$/;
const ANSWER_RATE_LIMIT = { name: "case-answers", max: 20, windowSeconds: 60 };

const errors = { 401: err("Signed out"), 403: err("Not allowed in this workspace") };

const routes = {
  list: createRoute({
    method: "get",
    path: "/cases",
    tags: ["Cases"],
    summary: "The workspace's store-notice cases (open first) and the early warnings from its reports",
    responses: {
      200: json(z.object({ cases: z.array(caseSchema), warnings: z.array(warningSchema) }), "Cases and warnings"),
      ...errors,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/cases/{id}",
    tags: ["Cases"],
    summary: "One case: what is alleged, the evidence from the report rows, what is held, the thread",
    request: { params: caseIdParams },
    responses: { 200: json(caseDetailSchema, "Case"), 404: err("Not this workspace's case"), ...errors },
  }),
  answer: createRoute({
    method: "post",
    path: "/cases/{id}/messages",
    tags: ["Cases"],
    summary:
      "Answer in the case's thread: multipart fields 'message' and, optionally, 'file' (PDF, PNG, JPG, text or CSV, at most 5 MB)",
    request: { params: caseIdParams },
    responses: {
      201: json(caseDetailSchema, "Answer stored"),
      400: err("Empty answer or a file of the wrong type"),
      404: err("Not this workspace's case"),
      409: err("The case is closed"),
      413: err("The file is too large"),
      ...errors,
    },
  }),
  file: createRoute({
    method: "get",
    path: "/cases/{id}/files/{fileId}",
    tags: ["Cases"],
    summary: "A file attached in the case's thread",
    request: { params: caseFileParams },
    responses: { 200: { description: "The file" }, 404: err("No such file"), ...errors },
  }),
};

/** The message and file of a multipart answer, checked before anything is read into memory. */
export async function readAnswer(c: Context<AppEnv>): Promise<{ message: string; file: CaseFileInput | null }> {
  const form = await c.req.formData().catch(() => null);
  // PostgreSQL text holds no NUL: refused as the JSON routes refuse it (the guard reads only JSON).
  const text = form?.get("message");
  if (typeof text === "string" && text.includes("\u0000"))
    throw new DomainError("invalid", "INVALID_TEXT", MESSAGES.nulCharacter, { field: "message" });
  const parsed = caseAnswerSchema.safeParse({ message: form?.get("message") ?? "" });
  if (!parsed.success)
    throw new DomainError(
      "invalid",
      "VALIDATION_ERROR",
      parsed.error.issues[0]?.message ?? FRAUD_MESSAGES.emptyAnswer,
      {
        field: "message",
      },
    );
  const upload = form?.get("file");
  if (!(upload instanceof File) || upload.size === 0) return { message: parsed.data.message, file: null };
  if (upload.size > CASE_FILE_MAX_BYTES)
    throw new DomainError("too_large", "FILE_TOO_LARGE", FRAUD_MESSAGES.fileTooLarge, { field: "file" });
  return {
    message: parsed.data.message,
    file: {
      name: upload.name.replaceAll("\u0000", ""),
      type: upload.type,
      bytes: new Uint8Array(await upload.arrayBuffer()),
    },
  };
}

/** A stored file as a download (never shown inline: it came from a person, not from us). */
export const caseFileResponse = (f: { name: string; contentType: string; data: Buffer }) =>
  fileDownload(f.data, f.contentType, f.name.replace(/["\\\r\n]/g, "_"));

// Thin routes: validate, authorize, call the service (cases.service.ts), shape the answer.
export const casesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    const db = c.get("deps").database.db;
    const [cases, warnings] = await Promise.all([
      workspaceCases(db, workspace.id),
      workspaceWarnings(db, workspace.id),
    ]);
    return c.json({ cases, warnings }, 200);
  })
  .openapi(routes.get, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    return c.json(await caseDetail(c.get("deps").database.db, c.req.valid("param").id, workspace.id), 200);
  })
  .openapi(routes.answer, async (c) => {
    const { user, workspace } = await requireMember(c, "royalties:write");
    const db = c.get("deps").database.db;
    const id = c.req.valid("param").id;
    // A foreign case is not found before anything else is said about the request.
    await caseDetail(db, id, workspace.id);
    await enforceRateLimit(c, ANSWER_RATE_LIMIT, user.id);
    const { message, file } = await readAnswer(c);
    const detail = await addCaseMessage(db, {
      caseId: id,
      workspaceId: workspace.id,
      author: { id: user.id, name: user.name },
      fromSupport: false,
      message,
      file,
    });
    return c.json(detail, 201);
  })
  .openapi(routes.file, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    const { id, fileId } = c.req.valid("param");
    return caseFileResponse(await caseFile(c.get("deps").database.db, id, fileId, workspace.id));
  });
