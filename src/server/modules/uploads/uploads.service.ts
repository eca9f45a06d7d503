// What the rest of the app asks about uploads: the quality verdict on one, and whether a release may
// use the ones it names. Plain functions; refusals are DomainErrors.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { auditUpload, blockingCount } from "#domain/quality";
import { UPLOAD_MESSAGES, type UploadKind } from "#domain/uploads";
import type { Db } from "#server/db/client";
import { uploads } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

/** The owner's upload with the quality check's verdict once it has finished; 404 for anyone else. */
export async function uploadVerdict(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", UPLOAD_MESSAGES.notFound);
  const finished = row.finishedAt !== null;
  const findings = finished ? auditUpload(row.kind as UploadKind, row.facts) : [];
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    finished,
    sha256: row.sha256,
    findings,
    blocking: blockingCount(findings),
  };
}

type Reader = Pick<Db, "select">;

/**
 * The finished uploads a release names, checked to be the owner's and of the right kind; refuses
 * (400) when one is not, so a release never points at a file that is missing, unfinished or foreign.
 */
export async function claimUploads(tx: Reader, ownerId: string, wanted: { id: string; kind: UploadKind }[]) {
  const ids = [...new Set(wanted.map((w) => w.id))];
  if (!ids.length) return;
  const rows = await tx
    .select({ id: uploads.id, kind: uploads.kind, finishedAt: uploads.finishedAt })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const w of wanted) {
    const row = byId.get(w.id);
    if (!row || row.kind !== w.kind)
      throw new DomainError("invalid", "UPLOAD_UNUSABLE", UPLOAD_MESSAGES.unusable(w.kind));
    if (!row.finishedAt) throw new DomainError("invalid", "UPLOAD_UNFINISHED", UPLOAD_MESSAGES.notFinished);
  }
}

/** A finished upload's stored bytes and what was read from them, for the release's quality check. */
export async function finishedUpload(db: Reader, id: string) {
  const [row] = await db
    .select({
      sha256: uploads.sha256,
      md5: uploads.md5,
      facts: uploads.facts,
      fileName: uploads.fileName,
    })
    .from(uploads)
    .where(and(eq(uploads.id, id), isNotNull(uploads.finishedAt)));
  return row?.sha256 && row.md5 ? { ...row, sha256: row.sha256, md5: row.md5 } : undefined;
}
