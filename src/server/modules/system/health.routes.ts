import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "#server/lib/create-router";

const healthSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    db: z.enum(["ok", "error"]),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: { content: { "application/json": { schema: healthSchema } }, description: "All parts work" },
    503: { content: { "application/json": { schema: healthSchema } }, description: "A part is failing" },
  },
});

export const healthRouter = createRouter().openapi(route, async (c) => {
  try {
    await c.get("deps").database.ping();
    return c.json({ status: "ok" as const, db: "ok" as const }, 200);
  } catch (err) {
    c.get("logger").warn({ err }, "health check: database unreachable");
    return c.json({ status: "error" as const, db: "error" as const }, 503);
  }
});
