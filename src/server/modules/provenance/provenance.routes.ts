import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { AI_LEVEL_LABELS, type AiLevel } from "#domain/ai-disclosure";
import { PROVENANCE_MESSAGES } from "#domain/provenance";
import { escapeHtml, SHARE_IMAGE_PATH } from "#domain/public-pages";
import { requireUser } from "#server/auth/guards";
import type { AppEnv } from "#server/context";
import type { Db } from "#server/db/client";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { publicPageHtml } from "#server/lib/public-page-html";
import { err as error, fileDownload, json } from "#server/lib/route-helpers";
import { issueProvenance, provenanceRecord } from "./provenance.service";
import { provenancePdf } from "./provenance-pdf";
import type { ProvenanceSigner } from "./signing-key";

/** A record's public page, where anyone checks it. */
export const provenancePath = (id: string) => `/provenance/${id}`;

const recordId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: PROVENANCE_MESSAGES.notFound }) });

const aiLevel = z.enum(["none", "partly", "all"]).nullable();
const documentSchema = z.object({
  kind: z.string(),
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
      kind: z.string(),
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
  request: { params: z.object({ id: z.uuid({ message: "Release not found." }) }) },
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
    const user = await requireUser(c);
    const deps = c.get("deps");
    const storeName = (id: string) => deps.delivery.stores.find((s) => s.id === id)?.name ?? id;
    const { id } = await issueProvenance(
      { db: deps.database.db, signer: deps.provenance, storeName },
      user.id,
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

const level = (value: AiLevel | null) => (value ? AI_LEVEL_LABELS[value] : "Not declared");

/** The record's public page at /provenance/<id>: server-rendered, readable without an account. */
export function provenancePages(deps: () => { db: Db; signer: ProvenanceSigner; publicUrl: string }) {
  const app = new Hono<AppEnv>();
  app.get("/provenance/:id", async (c) => {
    const { db, signer, publicUrl } = deps();
    const id = c.req.param("id");
    const url = `${publicUrl}${provenancePath(id)}`;
    const image = `${publicUrl}${SHARE_IMAGE_PATH}`;
    let record: Awaited<ReturnType<typeof provenanceRecord>>;
    try {
      record = await provenanceRecord(db, signer, id);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const body = `<h1>No such record</h1><p class="note">${escapeHtml(PROVENANCE_MESSAGES.notFound)}</p>`;
      return c.html(
        publicPageHtml({ title: "Provenance record", description: "", url, image, body, type: "website" }),
        404,
      );
    }
    const d = record.document;
    const rows = (pairs: [string, string][]) =>
      `<dl>${pairs.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
    const body = `<h1>Provenance record</h1>
<p class="artist">${escapeHtml(d.release.title)} by ${escapeHtml(d.release.artistName)}</p>
<p class="verdict ${record.valid ? "valid" : "invalid"}" role="status">${escapeHtml(record.valid ? PROVENANCE_MESSAGES.valid : PROVENANCE_MESSAGES.invalid)}</p>
${rows([
  ["Record", `<code>${escapeHtml(d.id)}</code>`],
  ["Issued", escapeHtml(d.issuedAt)],
  ["Submitted", escapeHtml(d.submittedAt)],
  ["Release date", escapeHtml(d.release.releaseDate)],
  ...(d.release.upcEan ? ([["UPC", escapeHtml(d.release.upcEan)]] as [string, string][]) : []),
])}
<h2>AI disclosure</h2>
${rows([
  ["Release", escapeHtml(level(d.declaration.release))],
  ["Cover art", escapeHtml(level(d.declaration.artwork))],
  ...d.declaration.tracks.map(
    (t) =>
      [
        `Track ${t.position}`,
        `${escapeHtml(t.title)}: ${escapeHtml(level(t.ai ? (Object.values(t.ai).includes("all") ? "all" : Object.values(t.ai).includes("partly") ? "partly" : "none") : null))}`,
      ] as [string, string],
  ),
])}
<h2>Files</h2>
${rows(
  d.files.map(
    (f) =>
      [
        f.subject,
        `SHA-256 <code>${escapeHtml(f.sha256)}</code>${f.fingerprint ? `<br>Fingerprint (${f.fingerprint.items} items) <code>${escapeHtml(f.fingerprint.sha256)}</code>` : ""}`,
      ] as [string, string],
  ),
)}
<h2>Deliveries</h2>
${d.deliveries.length ? rows(d.deliveries.map((x) => [x.storeName, escapeHtml(`sent ${x.sentAt ?? "—"}${x.acknowledgedAt ? `, acknowledged ${x.acknowledgedAt}` : ""}`)] as [string, string])) : `<p class="note">Not delivered to a store yet.</p>`}
<h2>Check it yourself</h2>
${rows([
  ["Signature", `<code>${escapeHtml(record.signature)}</code>`],
  ["Algorithm", `${record.algorithm}, key <code>${escapeHtml(record.keyId)}</code>`],
  ["Public key", `<code>${escapeHtml(record.publicKey)}</code>`],
])}
<p class="note"><a href="/api/provenance/${escapeHtml(d.id)}">The signed record (JSON)</a> · <a href="/api/provenance/${escapeHtml(d.id)}/pdf">PDF</a></p>`;
    c.header("Cache-Control", "no-store");
    return c.html(
      publicPageHtml({
        title: `Provenance of ${d.release.title}`,
        description: `Kalrav's signed record of ${d.release.title} by ${d.release.artistName}: its AI disclosure and files.`,
        url,
        image,
        body,
        type: "website",
      }),
    );
  });
  return app;
}
