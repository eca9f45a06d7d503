import { z } from "@hono/zod-openapi";
import { FINDING_SEVERITIES } from "#domain/quality";

/** A text by its catalogue key and values, for the reader's language (issue 39). */
const saidSchema = z
  .tuple([z.string(), z.record(z.string(), z.union([z.string(), z.number()])).optional()])
  .readonly()
  .openapi({ description: "The same text by message key and values; clients show `message` and `fix`." });

/** A finding's or a verdict reason's message and fix by catalogue key. */
export const saidTextsSchema = z.object({ message: saidSchema, fix: saidSchema.nullable() }).optional();

/** A quality-check finding as the API answers it (a release's report, an upload's verdict). */
export const findingSchema = z.object({
  code: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  subject: z.string(),
  message: z.string(),
  fix: z.string(),
  said: saidTextsSchema,
});
