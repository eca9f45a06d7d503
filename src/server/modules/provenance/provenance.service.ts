import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { type AiLevel, releaseAiLevel } from "#domain/ai-disclosure";
import type { DeliveryKind } from "#domain/deliveries";
import { t } from "#domain/i18n";
import { canonicalJson, PROVENANCE_KIND, PROVENANCE_MESSAGES, type ProvenanceDocument } from "#domain/provenance";
import type { Db } from "#server/db/client";
import { audioAnalyses, deliveries, provenanceRecords, releases, tracks } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { ProvenanceSigner } from "./signing-key";

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** A fingerprint's items as big-endian 32-bit words: the bytes its digest is taken over. */
function fingerprintBytes(items: readonly number[]): Buffer {
  const out = Buffer.alloc(items.length * 4);
  items.forEach((v, i) => {
    out.writeInt32BE(v | 0, i * 4);
  });
  return out;
}

/** What the record says about a release today, without its id and issue time. */
async function releaseFacts(db: Db, releaseId: string, storeName: (id: string) => string) {
  const [release] = await db.select().from(releases).where(eq(releases.id, releaseId));
  if (!release) return null;
  const trackRows = await db
    .select({ t: tracks, fingerprint: audioAnalyses.fingerprint })
    .from(tracks)
    .leftJoin(audioAnalyses, eq(audioAnalyses.sha256, tracks.audioSha256))
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  const sent = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.releaseId, releaseId))
    .orderBy(asc(deliveries.createdAt));
  const artworkAi = release.artworkAi as AiLevel | null;
  const files: ProvenanceDocument["files"] = trackRows.flatMap(({ t, fingerprint }) =>
    t.audioSha256
      ? [
          {
            subject: `Track ${t.position} audio`,
            sha256: t.audioSha256,
            ...(fingerprint?.length
              ? {
                  fingerprint: {
                    algorithm: "chromaprint" as const,
                    items: fingerprint.length,
                    sha256: sha256(fingerprintBytes(fingerprint)),
                  },
                }
              : {}),
          },
        ]
      : [],
  );
  if (release.artworkSha256) files.push({ subject: "Artwork", sha256: release.artworkSha256 });
  return {
    checked: release.qcStatus === "done" && files.length > 0,
    content: {
      kind: PROVENANCE_KIND,
      release: {
        id: release.id,
        title: release.title,
        artistName: release.artistName,
        upcEan: release.upcEan,
        releaseDate: release.releaseDate,
      },
      declaration: {
        release: releaseAiLevel(
          trackRows.map(({ t }) => t),
          artworkAi,
        ),
        artwork: artworkAi,
        tracks: trackRows.map(({ t }) => ({ position: t.position, title: t.title, isrc: t.isrc, ai: t.ai ?? null })),
      },
      files,
      submittedAt: release.submittedAt.toISOString(),
      deliveries: sent
        .filter((d) => d.sentAt)
        .map((d) => ({
          store: d.store,
          storeName: storeName(d.store),
          kind: d.kind as DeliveryKind,
          sentAt: d.sentAt?.toISOString() ?? null,
          acknowledgedAt: d.acknowledgedAt?.toISOString() ?? null,
        })),
    } satisfies Omit<ProvenanceDocument, "id" | "issuedAt">,
  };
}

/**
 * The owner's provenance record for a release as it stands: the last one issued when nothing it says
 * has changed since, else a new one, signed. Refused (409) until the quality check has read the files.
 */
export async function issueProvenance(
  deps: { db: Db; signer: ProvenanceSigner; storeName: (id: string) => string },
  ownerId: string,
  releaseId: string,
): Promise<{ id: string }> {
  const { db } = deps;
  const [owned] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.userId, ownerId)));
  if (!owned) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFoundBare"));
  const facts = await releaseFacts(db, releaseId, deps.storeName);
  if (!facts) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFoundBare"));
  if (!facts.checked) throw new DomainError("conflict", "NOT_CHECKED", PROVENANCE_MESSAGES.notChecked);
  const contentSha256 = sha256(canonicalJson(facts.content));
  const [last] = await db
    .select({ id: provenanceRecords.id, contentSha256: provenanceRecords.contentSha256 })
    .from(provenanceRecords)
    .where(eq(provenanceRecords.releaseId, releaseId))
    .orderBy(desc(provenanceRecords.createdAt))
    .limit(1);
  if (last?.contentSha256 === contentSha256) return { id: last.id };
  const id = randomBytes(16).toString("base64url");
  const document: ProvenanceDocument = { ...facts.content, id, issuedAt: new Date().toISOString() };
  const bytes = canonicalJson(document);
  await db.insert(provenanceRecords).values({
    id,
    releaseId,
    contentSha256,
    document: bytes,
    signature: deps.signer.sign(Buffer.from(bytes, "utf8")),
    keyId: deps.signer.keyId,
  });
  return { id };
}

/** A record as anyone may check it: the signed document, its signature, and whether it verifies. */
export async function provenanceRecord(db: Db, signer: ProvenanceSigner, id: string) {
  const [row] = await db.select().from(provenanceRecords).where(eq(provenanceRecords.id, id));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", PROVENANCE_MESSAGES.notFound);
  const valid = row.keyId === signer.keyId && signer.verify(Buffer.from(row.document, "utf8"), row.signature);
  return {
    document: JSON.parse(row.document) as ProvenanceDocument,
    /** The exact signed bytes (canonical JSON), for checking offline. */
    signedText: row.document,
    signature: row.signature,
    algorithm: "Ed25519" as const,
    keyId: row.keyId,
    publicKey: signer.publicKeyPem,
    valid,
  };
}
