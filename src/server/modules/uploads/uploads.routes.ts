import type { Context } from "hono";
import { requireUser } from "#server/auth/guards";
import type { AppEnv } from "#server/context";

/**
 * Every tus request (POST to create, HEAD to resume, PATCH to send bytes, DELETE to cancel, and the
 * OPTIONS discovery) goes to the upload server once the session is known. Not an OpenAPI route: the
 * tus protocol speaks in headers, and any tus client works with it.
 */
export async function handleUpload(c: Context<AppEnv>) {
  const deps = c.get("deps");
  if (c.req.method === "OPTIONS") return deps.uploads.handle(c.req.raw, "");
  const user = await requireUser(c);
  return deps.uploads.handle(c.req.raw, user.id);
}
