import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;

/** Server-side paging for lists that can grow (product §10). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(100).optional(),
});

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
