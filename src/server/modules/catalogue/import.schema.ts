import { z } from "@hono/zod-openapi";
import { IMPORT_FORMATS, IMPORT_LINE_STATUSES, IMPORT_MESSAGES, IMPORT_STATUSES } from "#domain/catalogue-import";
import { findingSchema } from "#server/lib/finding-schema";

export const catalogueImportSchema = z
  .object({
    id: z.string(),
    format: z.enum(IMPORT_FORMATS),
    fileName: z.string(),
    fileBytes: z.number(),
    status: z.enum(IMPORT_STATUSES),
    error: z.string().nullable().openapi({ description: "Why the file could not be read" }),
    releases: z.number(),
    tracks: z.number(),
    ok: z.number(),
    warnings: z.number(),
    blocking: z.number(),
    skipped: z.number().openapi({ description: "Releases already in the catalogue (same UPC or same release)" }),
    importable: z.number().openapi({ description: "Releases the import creates: the OK and warning ones" }),
    imported: z.number(),
    refused: z.number().openapi({ description: "Releases refused at import after the dry run passed them" }),
    createdAt: z.string(),
    checkedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi("CatalogueImport");

export const importLineSchema = z
  .object({
    id: z.string(),
    position: z.number(),
    firstLine: z.number().openapi({ description: "The CSV line (or the message's release number) it starts at" }),
    title: z.string(),
    artistName: z.string(),
    upc: z.string().nullable(),
    trackCount: z.number(),
    status: z.enum(IMPORT_LINE_STATUSES),
    findings: z.array(findingSchema),
    releaseId: z.string().nullable(),
  })
  .openapi("CatalogueImportLine");

/** How a file is sent: its format and name in the query, its bytes as the request body. */
export const importQuery = z.object({
  format: z.enum(IMPORT_FORMATS, { message: IMPORT_MESSAGES.format }),
  name: z.string().trim().min(1).max(200),
  ai: z.literal("no", { message: IMPORT_MESSAGES.aiQuery }),
});

export const linesQuery = z.object({
  status: z.enum(IMPORT_LINE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
