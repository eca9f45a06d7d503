import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { t } from "#domain/i18n";
import { DomainError, STATUS_OF_KIND } from "./domain-error";

/** The one error shape of the API (product §10). */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi("Error");

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_ENTITY",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

export function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL_ERROR" : "ERROR");
}

/** A validation failure's one shape: the first message, and every issue by path. */
export function validationBody(issues: readonly { path: PropertyKey[]; message: string }[]): ErrorBody {
  const details = issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  return errorBody("VALIDATION_ERROR", details[0]?.message ?? "Invalid input", details);
}

/** Turns any thrown value into the error shape; never leaks a stack trace. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message, err.details), err.status);
  if (err instanceof DomainError)
    return c.json(errorBody(err.code, err.message, err.details), STATUS_OF_KIND[err.kind]);
  // Input is validated at the route; a schema refusing data later is still the client's input, and
  // never a 500 (issue 34).
  if (err instanceof z.ZodError) return c.json(validationBody(err.issues), 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(errorBody(codeForStatus(status), err.message || codeForStatus(status)), status);
  }
  const conflict = databaseConflict(err);
  if (conflict) return c.json(errorBody("CONFLICT", conflict), 409);
  if (isDatabaseUnavailable(err)) {
    c.get("logger")?.error({ err }, "database unavailable");
    return c.json(errorBody("SERVICE_UNAVAILABLE", t("server.unavailable")), 503);
  }
  c.get("logger")?.error({ err }, "unhandled error");
  return c.json(errorBody("INTERNAL_ERROR", t("server.internal")), 500);
}

/** Constraint races (two requests changing the same thing) are conflicts to retry, not server faults. */
function databaseConflict(err: unknown): string | null {
  const code = sqlState(err);
  if (code === "23505" || code === "40001" || code === "40P01") {
    return t("server.conflict");
  }
  if (code === "23503") return t("server.missingRef");
  if (code === "23001") return t("server.hasDependents");
  return null;
}

/** The SQLSTATE of a database error, however deeply the driver or the ORM wrapped it. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string") return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "08001",
]);
/** What node-postgres says, without a code, when the server goes away mid-query or cannot be reached in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** The database is down or restarting (anywhere in the cause chain): a 503 to retry, not a server fault. */
function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
