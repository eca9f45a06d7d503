import { z } from "@hono/zod-openapi";
import { err } from "../../lib/route-helpers";

/** Every admin route answers these besides its own. */
export const adminErrors = { 401: err("Signed out"), 403: err("Not an admin") };

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const idParams = z.object({ id: z.uuid({ message: "Not found." }) });
