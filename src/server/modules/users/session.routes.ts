import { createRoute, z } from "@hono/zod-openapi";
import { LOCALES } from "#domain/i18n/locales";
import { WORKSPACE_ROLES } from "#domain/workspaces";
import { getSessionUser } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";

const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["admin", "artist"]),
    image: z.string().nullable(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    /** The language they chose (issue 39). */
    locale: z.enum(LOCALES),
    /** The workspace they act in, with their role there (issue 35). */
    workspace: z
      .object({
        id: z.string(),
        name: z.string(),
        role: z.enum(WORKSPACE_ROLES),
        artistScope: z.array(z.string()).nullable(),
      })
      .nullable(),
  })
  .openapi("SessionUser");

const route = createRoute({
  method: "get",
  path: "/session",
  tags: ["Auth"],
  summary: "The signed-in user with their role, or null when signed out",
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ user: sessionUserSchema.nullable() }) } },
      description: "Current session",
    },
  },
});

export const sessionRouter = createRouter().openapi(route, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ user: await getSessionUser(c) }, 200);
});
