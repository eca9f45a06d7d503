import { type ClientResponse, hc, type InferRequestType } from "hono/client";
import { t } from "#domain/i18n";
import type { Api } from "#server/contract";

/** A failed API call, carrying the server's error shape. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const fallbackMessage = () => t("ui.somethingWrong");

/** Reads the server's error shape from a failed response, whatever the body holds. */
async function errorFrom(response: Response): Promise<ApiClientError> {
  const text = await response.text().catch(() => "");
  const data = text ? safeJson(text) : null;
  const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  return new ApiClientError(
    response.status,
    error?.code ?? "ERROR",
    error?.message ?? fallbackMessage(),
    error?.details,
  );
}

/**
 * Every call goes through here: same-origin with cookies, and a failed answer becomes an
 * ApiClientError with the server's message (the screens show it; React Query's cache holds it).
 */
async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: "same-origin" });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * The typed client: paths, parameters, bodies and answers come from the server's routes
 * (`#server/contract`), so the web never re-types a response by hand.
 */
export const client = hc<Api>("/api", { fetch: apiFetch });

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of a response's successful answer. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatus ? T : never) : never;

/** The body of a call's successful answer: `Answer<typeof client.releases.$get>`. */
export type Answer<F> = F extends (...args: never[]) => Promise<infer R> ? SuccessBody<R> : never;

/** What a call takes: `Input<typeof client.releases.$post>["json"]`. */
export type Input<F> = InferRequestType<F>;

/** Awaits a typed call and reads its successful answer (a failure has already thrown). */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await request;
  const text = await response.text();
  return (text ? safeJson(text) : null) as never;
}

/**
 * Sends a file as the raw body (a store report) or as a form (a picture): the uploads the typed
 * client does not carry, with the same cookies and the same errors.
 */
export async function upload<T>(path: string, body: File | FormData, contentType?: string): Promise<T> {
  const response = await apiFetch(`/api${path}`, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : undefined,
  });
  return (await response.json()) as T;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * For the auth library's own endpoints (`/api/auth/*`), which are not our routes and so not in the
 * typed contract: same-origin, cookies included, JSON in and out.
 */
export async function authApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(`/api${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: options.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  return (text ? safeJson(text) : null) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
