import { z } from "@hono/zod-openapi";
import { errorBodySchema } from "../../lib/errors";

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});
export const err = (description: string) => json(errorBodySchema, description);

/** Every admin route answers these besides its own. */
export const adminErrors = { 401: err("Signed out"), 403: err("Not an admin") };

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const idParams = z.object({ id: z.uuid({ message: "Not found." }) });

/** Escapes LIKE wildcards so a search for "100%" means the text. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
