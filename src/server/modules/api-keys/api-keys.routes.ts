import { createRoute, z } from "@hono/zod-openapi";
import { API_SCOPES, apiKeySchema } from "#domain/api-keys";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { createKey, listKeys, revokeKey } from "./api-keys.service";

const keySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: "The key's first characters, to recognise it" }),
    scopes: z.array(z.enum(API_SCOPES)),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable().openapi({ description: "null: it never expires" }),
    revokedAt: z.string().nullable(),
  })
  .openapi("ApiKey");
const errors = { 401: err("Signed out"), 403: err("Not an owner or admin of this workspace, or no API on its plan") };

const routes = {
  list: createRoute({
    method: "get",
    path: "/api-keys",
    tags: ["Developers"],
    summary: "The workspace's API keys (never their secrets) and whether its plan includes the API",
    responses: {
      200: json(z.object({ keys: z.array(keySchema), planAllowsApi: z.boolean() }), "Keys"),
      ...errors,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/api-keys",
    tags: ["Developers"],
    summary: "Create a key with scopes: its secret is in this answer only",
    request: { body: { content: { "application/json": { schema: apiKeySchema } }, required: true } },
    responses: {
      201: json(z.object({ key: keySchema, secret: z.string() }), "Created"),
      400: err("Invalid name or scopes"),
      409: err("Too many keys"),
      ...errors,
    },
  }),
  revoke: createRoute({
    method: "delete",
    path: "/api-keys/{id}",
    tags: ["Developers"],
    summary: "Revoke a key: refused from its next request on",
    request: { params: z.object({ id: z.uuid({ message: "API key not found." }) }) },
    responses: { 200: json(z.object({ key: keySchema }), "Revoked"), 404: err("Not this workspace's"), ...errors },
  }),
};

// Thin routes: validate, authorize, call the service (api-keys.service.ts), shape the answer.
export const apiKeysRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "api:manage");
    return c.json(await listKeys(c.get("deps").database.db, workspace.id), 200);
  })
  .openapi(routes.create, async (c) => {
    const { user, workspace } = await requireMember(c, "api:manage");
    const created = await createKey(
      c.get("deps").database.db,
      { id: user.id, name: user.name },
      workspace.id,
      c.req.valid("json"),
    );
    return c.json(created, 201);
  })
  .openapi(routes.revoke, async (c) => {
    const { user, workspace } = await requireMember(c, "api:manage");
    const key = await revokeKey(
      c.get("deps").database.db,
      { id: user.id, name: user.name },
      workspace.id,
      c.req.valid("param").id,
    );
    return c.json({ key }, 200);
  });
