import { z } from "@hono/zod-openapi";
import { DELIVERY_KINDS, DELIVERY_STATUSES } from "#domain/deliveries";

/** What every answer about one delivery says: the admin's list and a release's detail add their own. */
export const deliveryFields = {
  id: z.string(),
  store: z.string(),
  storeName: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** What the store said in its acknowledgement (why it rejected the release), if anything. */
  storeMessage: z.string().nullable(),
  createdAt: z.string(),
};
