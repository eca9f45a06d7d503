import { AI_AREA_LABELS, AI_AREAS, AI_LEVEL_LABELS, aiLevelLabel } from "#domain/ai-disclosure";
import { PROVENANCE_MESSAGES } from "#domain/provenance";
import { createPdf } from "#server/lib/pdf";
import type { provenanceRecord } from "./provenance.service";

type Record = Awaited<ReturnType<typeof provenanceRecord>>;

/**
 * The record as a PDF for people: what was declared, the files and when, with the signature, the key
 * and the address of its public page. The signed JSON is the record; the PDF says how to check it.
 */
export async function provenancePdf(record: Record, pageUrl: string): Promise<Buffer> {
  const d = record.document;
  const pdf = createPdf({ title: `Provenance record ${d.id}` });
  pdf.text("Kalrav provenance record", { bold: true, size: 18 });
  pdf.text(`Record ${d.id}, issued ${d.issuedAt}`, { size: 10 });
  pdf.moveDown();
  pdf.text(`${d.release.title} by ${d.release.artistName}`, { bold: true, size: 13 });
  pdf.text(
    `Release date ${d.release.releaseDate}${d.release.upcEan ? ` · UPC ${d.release.upcEan}` : ""} · submitted ${d.submittedAt}`,
    { size: 10 },
  );
  pdf.moveDown();
  pdf.text("AI disclosure", { bold: true, size: 12 });
  pdf.text(`The release: ${aiLevelLabel(d.declaration.release)} · Cover art: ${aiLevelLabel(d.declaration.artwork)}`, {
    size: 10,
  });
  for (const t of d.declaration.tracks) {
    const areas = t.ai
      ? AI_AREAS.map((a) => `${AI_AREA_LABELS[a]}: ${AI_LEVEL_LABELS[t.ai?.[a] ?? "none"]}`).join(" · ")
      : "Not declared";
    pdf.text(`Track ${t.position}, ${t.title}${t.isrc ? ` (ISRC ${t.isrc})` : ""}: ${areas}`);
  }
  pdf.moveDown();
  pdf.text("Files", { bold: true, size: 12 });
  for (const f of d.files) {
    pdf.text(`${f.subject}: SHA-256 ${f.sha256}`, { size: 9 });
    if (f.fingerprint)
      pdf.text(`  Chromaprint fingerprint, ${f.fingerprint.items} items: SHA-256 ${f.fingerprint.sha256}`);
  }
  pdf.moveDown();
  pdf.text("Deliveries", { bold: true, size: 12 });
  if (!d.deliveries.length) pdf.text("Not delivered to a store yet.", { size: 10 });
  for (const del of d.deliveries) {
    pdf.text(
      `${del.storeName} (${del.kind}): sent ${del.sentAt ?? "—"}${del.acknowledgedAt ? `, acknowledged ${del.acknowledgedAt}` : ""}`,
      { size: 10 },
    );
  }
  pdf.moveDown();
  pdf.text("How to check this record", { bold: true, size: 12 });
  pdf.text(`Open ${pageUrl} to see whether Kalrav's signature on it is valid.`, { size: 10 });
  pdf.text(
    `Offline: the record's JSON (the signed bytes) carries an ${record.algorithm} signature by key ${record.keyId}, whose public key is on the page.`,
  );
  pdf.text(`Signature: ${record.signature}`, { size: 8 });
  pdf.text(record.valid ? PROVENANCE_MESSAGES.valid : PROVENANCE_MESSAGES.invalid, { size: 10 });
  return pdf.end();
}
