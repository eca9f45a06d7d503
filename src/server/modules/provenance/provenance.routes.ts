import { createRoute, z } from "@hono/zod-openapi";
import { DELIVERY_KINDS } from "#domain/deliveries";
import { t } from "#domain/i18n";
import { PROVENANCE_KIND, PROVENANCE_MESSAGES } from "#domain/provenance";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { err as error, fileDownload, json } from "#server/lib/route-helpers";
import { requireReleaseInScope } from "#server/modules/artists";
import { issueProvenance, provenanceRecord } from "./provenance.service";
import { provenancePath } from "./provenance-page";
import { provenancePdf } from "./provenance-pdf";

const recordId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: PROVENANCE_MESSAGES.notFound }) });

const aiLevel = z.enum(["none", "partly", "all"]).nullable();
const documentSchema = z.object({
  kind: z.literal(PROVENANCE_KIND),
  id: z.string(),
  issuedAt: z.string(),
  release: z.object({
    id: z.string(),
    title: z.string(),
    artistName: z.string(),
    upcEan: z.string().nullable(),
    releaseDate: z.string(),
  }),
  declaration: z.object({
    release: aiLevel,
    artwork: aiLevel,
    tracks: z.array(
      z.object({
        position: z.number().int(),
        title: z.string(),
        isrc: z.string().nullable(),
        ai: z.record(z.string(), z.enum(["none", "partly", "all"])).nullable(),
      }),
    ),
  }),
  files: z.array(
    z.object({
      subject: z.string(),
      sha256: z.string(),
      fingerprint: z
        .object({ algorithm: z.literal("chromaprint"), items: z.number().int(), sha256: z.string() })
        .optional(),
    }),
  ),
  submittedAt: z.string(),
  deliveries: z.array(
    z.object({
      store: z.string(),
      storeName: z.string(),
      kind: z.enum(DELIVERY_KINDS),
      sentAt: z.string().nullable(),
      acknowledgedAt: z.string().nullable(),
    }),
  ),
});

const recordSchema = z
  .object({
    document: documentSchema,
    signedText: z.string(),
    signature: z.string(),
    algorithm: z.literal("Ed25519"),
    keyId: z.string(),
    publicKey: z.string(),
    valid: z.boolean(),
  })
  .openapi("ProvenanceRecord");

const issueRoute = createRoute({
  method: "post",
  path: "/releases/{id}/provenance",
  tags: ["Releases"],
  summary: "Issue (or return, when nothing changed) the release's signed provenance record",
  request: { params: z.object({ id: z.uuid({ message: t("server.releaseNotFound") }) }) },
  responses: {
    200: json(z.object({ id: z.string(), path: z.string() }), "The record's id and its public page"),
    401: error("Signed out"),
    404: error("Not yours or absent"),
    409: error("The quality check has not read the files yet"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/provenance/{id}",
  tags: ["Provenance"],
  summary: "A provenance record, its signature and whether it verifies (public)",
  request: { params: recordId },
  responses: { 200: json(recordSchema, "The record"), 404: error("No such record") },
});

const pdfRoute = createRoute({
  method: "get",
  path: "/provenance/{id}/pdf",
  tags: ["Provenance"],
  summary: "A provenance record as a PDF (public)",
  request: { params: recordId },
  responses: {
    200: { description: "The record", content: { "application/pdf": { schema: z.any() } } },
    404: error("No such record"),
  },
});

export const provenanceRouter = createRouter()
  .openapi(issueRoute, async (c) => {
    const { workspace } = await requireMember(c, "releases:write");
    const deps = c.get("deps");
    await requireReleaseInScope(deps.database.db, workspace.artistScope, c.req.valid("param").id);
    const storeName = (id: string) => deps.delivery.stores.find((s) => s.id === id)?.name ?? id;
    const { id } = await issueProvenance(
      { db: deps.database.db, signer: deps.provenance, storeName },
      workspace.id,
      c.req.valid("param").id,
    );
    return c.json({ id, path: provenancePath(id) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const deps = c.get("deps");
    return c.json(await provenanceRecord(deps.database.db, deps.provenance, c.req.valid("param").id), 200);
  })
  .openapi(pdfRoute, async (c) => {
    const deps = c.get("deps");
    const { id } = c.req.valid("param");
    const record = await provenanceRecord(deps.database.db, deps.provenance, id);
    return fileDownload(
      await provenancePdf(record, `${deps.publicUrl}${provenancePath(id)}`),
      "application/pdf",
      `kalrav-provenance-${id}.pdf`,
    );
  });
