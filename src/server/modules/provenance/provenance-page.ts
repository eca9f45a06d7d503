import { Hono } from "hono";
import { aiLevelLabel, trackAiLevel } from "#domain/ai-disclosure";
import { PROVENANCE_MESSAGES } from "#domain/provenance";
import { escapeHtml, SHARE_IMAGE_PATH } from "#domain/public-pages";
import type { AppEnv } from "#server/context";
import type { Db } from "#server/db/client";
import { DomainError } from "#server/lib/domain-error";
import { publicPageHtml } from "#server/lib/public-page-html";
import { provenanceRecord } from "./provenance.service";
import type { ProvenanceSigner } from "./signing-key";

/** A record's public page, where anyone checks it. */
export const provenancePath = (id: string) => `/provenance/${id}`;

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
  ["Release", escapeHtml(aiLevelLabel(d.declaration.release))],
  ["Cover art", escapeHtml(aiLevelLabel(d.declaration.artwork))],
  ...d.declaration.tracks.map(
    (t) =>
      [
        `Track ${t.position}`,
        `${escapeHtml(t.title)}: ${escapeHtml(aiLevelLabel(t.ai ? trackAiLevel(t.ai) : null))}`,
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
