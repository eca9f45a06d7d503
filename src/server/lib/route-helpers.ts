import type { z } from "@hono/zod-openapi";
import { errorBodySchema } from "./errors";

/** A JSON response entry of a route's OpenAPI description. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** An error response entry: the one error shape. */
export const err = (description: string) => json(errorBodySchema, description);

/** Escapes LIKE wildcards so a search for "100%" means the text. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
