import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/context";
import { errorBody } from "./errors";

/** A router whose validation failures answer in the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const details = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        return c.json(errorBody("VALIDATION_ERROR", details[0]?.message ?? "Invalid input", details), 400);
      }
    },
  });
}
