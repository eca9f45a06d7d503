import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/context";
import { validationBody } from "./errors";

/** A router whose validation failures answer in the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error.issues), 400);
    },
  });
}
