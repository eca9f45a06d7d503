import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "#server/lib/create-router";

const configSchema = z.object({ requireEmailVerification: z.boolean() }).openapi("PublicConfig");

const route = createRoute({
  method: "get",
  path: "/config",
  tags: ["System"],
  summary: "Settings the web app adapts to (e.g. whether e-mail confirmation is required)",
  responses: { 200: { content: { "application/json": { schema: configSchema } }, description: "Public settings" } },
});

export const configRouter = createRouter().openapi(route, (c) => c.json(c.get("deps").publicConfig, 200));
