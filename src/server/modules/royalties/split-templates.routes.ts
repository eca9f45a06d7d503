import { createRoute, z } from "@hono/zod-openapi";
import { SPLIT_ROLES, splitTemplateSchema } from "#domain/splits";
import { requireMember } from "#server/auth/guards";
import { idParams } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import { deleteSplitTemplate, listSplitTemplates, saveSplitTemplate } from "./split-templates";

const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    collaborators: z.array(
      z.object({
        name: z.string(),
        role: z.enum(SPLIT_ROLES),
        email: z.string(),
        phone: z.string(),
        percent: z.string(),
        isOwner: z.boolean(),
      }),
    ),
    updatedAt: z.string(),
  })
  .openapi("SplitTemplate");
const templatesSchema = z.object({ templates: z.array(templateSchema) });

const routes = {
  list: createRoute({
    method: "get",
    path: "/split-templates",
    tags: ["Splits"],
    summary: "Your saved split templates: recurring collaborators with roles and shares",
    responses: { 200: json(templatesSchema, "Templates"), 401: err("Signed out") },
  }),
  save: createRoute({
    method: "put",
    path: "/split-templates",
    tags: ["Splits"],
    summary: "Save a split template (shares summing to 100 %); a template of the same name is replaced",
    request: { body: { content: { "application/json": { schema: splitTemplateSchema } }, required: true } },
    responses: {
      200: json(z.object({ template: templateSchema }), "Saved"),
      400: err("No name, or shares not summing to 100 %"),
      401: err("Signed out"),
      409: err("Too many templates"),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/split-templates/{id}",
    tags: ["Splits"],
    summary: "Delete one of your split templates",
    request: { params: idParams },
    responses: { 200: json(z.object({ id: z.string() }), "Deleted"), 401: err("Signed out"), 404: err("Not yours") },
  }),
};

export const splitTemplatesRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "royalties:read");
    return c.json({ templates: await listSplitTemplates(c.get("deps").database.db, workspace.id) }, 200);
  })
  .openapi(routes.save, async (c) => {
    const { workspace } = await requireMember(c, "royalties:write");
    return c.json(
      { template: await saveSplitTemplate(c.get("deps").database.db, workspace.id, c.req.valid("json")) },
      200,
    );
  })
  .openapi(routes.remove, async (c) => {
    const { workspace } = await requireMember(c, "royalties:write");
    const { id } = c.req.valid("param");
    await deleteSplitTemplate(c.get("deps").database.db, workspace.id, id);
    return c.json({ id }, 200);
  });
