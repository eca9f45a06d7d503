import { z } from "@hono/zod-openapi";
import { FINDING_SEVERITIES } from "#domain/quality";

/** A quality-check finding as the API answers it (a release's report, an upload's verdict). */
export const findingSchema = z.object({
  code: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  subject: z.string(),
  message: z.string(),
  fix: z.string(),
});
