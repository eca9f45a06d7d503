import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { UPLOAD_KINDS } from "#domain/uploads";
import { requireMember } from "#server/auth/guards";
import type { AppEnv } from "#server/context";
import { createRouter } from "#server/lib/create-router";
import { findingSchema } from "#server/lib/finding-schema";
import { err as error, json } from "#server/lib/route-helpers";
import { withUncopiedBody } from "#server/lib/uncopied-body";
import { requireKey } from "#server/modules/api-keys";
import { uploadVerdict } from "./uploads.service";

/**
 * Every tus request (POST to create, HEAD to resume, PATCH to send bytes, DELETE to cancel, and the
 * OPTIONS discovery) goes to the upload server once the session is known. Not an OpenAPI route: the
 * tus protocol speaks in headers, and any tus client works with it.
 */
export async function handleUpload(c: Context<AppEnv>) {
  const deps = c.get("deps");
  if (c.req.method === "OPTIONS") return deps.uploads.handle(c.req.raw, "");
  // An upload's bytes as the socket brought them, not copied once more (decision 053).
  // The versioned API's clients upload with their key (issue 38); the app with its session.
  if (/^Bearer\s/i.test(c.req.header("authorization") ?? "")) {
    const { workspaceId } = await requireKey(c, "releases:write");
    return deps.uploads.handle(withUncopiedBody(c.req.raw, c.env), workspaceId);
  }
  const { workspace } = await requireMember(c, "releases:write");
  return deps.uploads.handle(withUncopiedBody(c.req.raw, c.env), workspace.id);
}

export const uploadCheckSchema = z
  .object({
    id: z.string(),
    kind: z.enum(UPLOAD_KINDS),
    fileName: z.string(),
    sizeBytes: z.number().int(),
    /** False while bytes are still arriving; the findings come once it is true. */
    finished: z.boolean(),
    sha256: z.string().nullable(),
    findings: z.array(findingSchema),
    blocking: z.number().int(),
  })
  .openapi("UploadCheck");

const checkRoute = createRoute({
  method: "get",
  path: "/uploads/{id}/check",
  tags: ["Uploads"],
  summary: "The quality check's verdict on one of your finished uploads",
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: {
    200: json(z.object({ upload: uploadCheckSchema }), "The upload and its findings"),
    401: error("Signed out"),
    404: error("Not yours or absent"),
  },
});

export const uploadsRouter = createRouter().openapi(checkRoute, async (c) => {
  const { workspace } = await requireMember(c, "releases:write");
  const upload = await uploadVerdict(c.get("deps").database.db, workspace.id, c.req.valid("param").id);
  return c.json({ upload }, 200);
});
