import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { releases, tracks } from "#server/db/schema";

/** A release and its tracks as stored: everything a message to a store is built from. */
export interface ReleaseContent {
  release: typeof releases.$inferSelect;
  tracks: (typeof tracks.$inferSelect)[];
}

export async function releaseContent(db: Db | Tx, releaseId: string): Promise<ReleaseContent | null> {
  const [release] = await db.select().from(releases).where(eq(releases.id, releaseId));
  if (!release) return null;
  const rows = await db.select().from(tracks).where(eq(tracks.releaseId, releaseId)).orderBy(asc(tracks.position));
  return { release, tracks: rows };
}

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * What a store shows of a release, as two hashes: `view`, every field a message carries (titles,
 * artists, credits, genre, language, explicitness, dates, label, track order, and which files);
 * `files`, the files' contents alone, by ISRC. A delivery records both; an update is due when the
 * view differs from what the store last received, and carries the files when they differ.
 */
export function contentHashes({ release: r, tracks: ts }: ReleaseContent): { view: string; files: string } {
  const files = {
    artwork: r.artworkMd5,
    audio: ts.map((t) => [t.isrc, t.audioMd5]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  };
  const view = {
    release: [
      r.title,
      r.artistName,
      r.releaseType,
      r.releaseDate,
      r.originalReleaseDate,
      r.genre,
      r.language,
      r.isExplicit,
      r.labelName,
      r.releaseTiming,
      r.preOrderDate,
      r.instantGratDate,
      r.artworkAi,
      r.upcEan,
      r.artworkFacts,
      // Only when set, so releases delivered before Latin titles existed keep their hash.
      ...(r.titleLatin ? [r.titleLatin] : []),
    ],
    tracks: ts.map((t) => [
      t.position,
      t.isrc,
      t.title,
      t.artistName,
      t.featuredArtists,
      t.contributors,
      t.isExplicit,
      t.instantGrat,
      t.ai,
      t.durationSeconds,
      t.audioFacts,
      // Only when set, so releases delivered before versions existed keep their hash.
      ...(t.version ? [t.version] : []),
      ...(t.titleLatin ? [{ titleLatin: t.titleLatin }] : []),
      ...(t.versionLatin ? [{ versionLatin: t.versionLatin }] : []),
      ...(t.remixers.length ? [t.remixers] : []),
      ...(t.language ? [{ language: t.language }] : []),
    ]),
    files,
  };
  return { view: sha256(view), files: sha256(files) };
}
