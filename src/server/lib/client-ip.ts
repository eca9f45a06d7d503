import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The caller's address: the socket's, or the proxy's X-Forwarded-For when we are told to trust it. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (app.request) have no socket.
    return "unknown";
  }
}
