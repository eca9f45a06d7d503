import type { Context } from "hono";
import { MESSAGES } from "../../domain/messages";
import { clientIp } from "../lib/client-ip";
import type { AppEnv } from "../lib/context";
import { codeForStatus, errorBody } from "../lib/errors";
import { CLIENT_IP_HEADER } from "./auth";

/**
 * Hands /api/auth/* to Better Auth with the client address we trust (for its rate limits),
 * and rewrites its failures into the API's one error shape.
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const { auth, trustProxy } = c.get("deps");
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
  const request = new Request(c.req.raw.url, {
    method: c.req.method,
    headers,
    body: hasBody ? await c.req.raw.arrayBuffer() : undefined,
  });
  const response = await auth.handler(request);
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;

  const original = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const message = response.status === 429 ? MESSAGES.rateLimited : (original.message ?? codeForStatus(response.status));
  const outHeaders = new Headers(response.headers);
  outHeaders.delete("content-length");
  return new Response(JSON.stringify(errorBody(original.code ?? codeForStatus(response.status), message)), {
    status: response.status,
    headers: outHeaders,
  });
}
