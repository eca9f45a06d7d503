import { z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { t } from "#domain/i18n";
import type { Db } from "#server/db/client";
import { releaseFileVersions, releases, tracks } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { MediaStore } from "#server/media/media-store";
import { mediaContentType } from "#server/media/serve-media";

export const fileVersionSchema = z
  .object({
    /** "artwork", or "track:1", "track:2"… */
    subject: z.string(),
    version: z.number().int(),
    fileName: z.string(),
    source: z.string().openapi({ enum: ["upload", "link"] }),
    sha256: z.string(),
    createdAt: z.string(),
  })
  .openapi("FileVersion");

/** The current (latest checked) version of each of a release's files. */
export async function releaseFiles(db: Db, releaseId: string) {
  const rows = await db
    .select()
    .from(releaseFileVersions)
    .where(eq(releaseFileVersions.releaseId, releaseId))
    .orderBy(desc(releaseFileVersions.version));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.subject)) latest.set(row.subject, row);
  return [...latest.values()]
    .sort((a, b) => a.subject.localeCompare(b.subject, "en", { numeric: true }))
    .map((r) => ({
      subject: r.subject,
      version: r.version,
      fileName: r.fileName,
      source: r.source,
      sha256: r.sha256,
      createdAt: r.createdAt.toISOString(),
    }));
}

export const releaseFileParams = z.object({
  id: z.uuid({ message: t("server.releaseNotFound") }),
  position: z.coerce.number().int().min(1).max(1000),
});

const notChecked = () => new DomainError("not_found", "NOT_FOUND", t("server.fileUnchecked"));

/**
 * Where a release's checked audio (by track position) or artwork is, and its type: exactly the bytes
 * the quality check read and a delivery sends. `ownerId` limits it to the artist's own releases.
 */
export async function locateReleaseFile(
  deps: { db: Db; media: MediaStore },
  releaseId: string,
  file: { kind: "audio"; position: number } | { kind: "artwork" },
  ownerId?: string,
) {
  const owned = ownerId ? [eq(releases.userId, ownerId)] : [];
  const [release] = await deps.db
    .select({ artworkSha256: releases.artworkSha256, artworkFacts: releases.artworkFacts })
    .from(releases)
    .where(and(eq(releases.id, releaseId), ...owned));
  if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  let sha256: string | null;
  let format: string | undefined;
  if (file.kind === "artwork") {
    sha256 = release.artworkSha256;
    format = release.artworkFacts?.format;
  } else {
    const [track] = await deps.db
      .select({ sha256: tracks.audioSha256, facts: tracks.audioFacts })
      .from(tracks)
      .where(and(eq(tracks.releaseId, releaseId), eq(tracks.position, file.position)));
    sha256 = track?.sha256 ?? null;
    format = track?.facts?.container;
  }
  if (!sha256 || !(await deps.media.has(sha256))) throw notChecked();
  return { path: deps.media.pathOf(sha256), contentType: mediaContentType(file.kind, format) };
}
