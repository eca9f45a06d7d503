import type { MiddlewareHandler } from "hono";
import { MESSAGES } from "#domain/messages";
import type { AppEnv } from "#server/context";
import { errorBody } from "./errors";

/** True when any string (or key) in a parsed JSON value holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000") || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character, so one anywhere in the address or a JSON body is
 * refused here, with a clear 400, before any route or query sees it. Routes whose bodies are files
 * (`skip`) are not read.
 */
export function refuseNul(skip: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  const refused = () =>
    new Response(JSON.stringify(errorBody("INVALID_TEXT", MESSAGES.nulCharacter)), {
      status: 400,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes("%00") || url.includes("\u0000")) return refused();
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD" && !skip(c.req.path)) {
      const type = c.req.header("content-type") ?? "";
      if (type.includes("json")) {
        const text = await c.req.text();
        if (text.includes("\\u0000") || text.includes("\u0000")) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: the route refuses it; a raw NUL is refused here all the same.
            if (text.includes("\u0000")) return refused();
          }
          if (holdsNul(parsed)) return refused();
        }
      }
    }
    await next();
  };
}
