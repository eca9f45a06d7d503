import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  type AudioMatch,
  compareFingerprints,
  DUPLICATE_RULES,
  duplicateFindings,
  type FingerprintMatch,
  fingerprintKeys,
} from "#domain/duplicates";
import { type AudioLevels, auditLevels, undecodableFinding } from "#domain/levels";
import type { Finding } from "#domain/quality";
import type { Db } from "#server/db/client";
import { audioAnalyses, fingerprintKeys as fingerprintKeyRows, releases, tracks } from "#server/db/schema";
import { analyseAudio, FINGERPRINT_ITEM_SECONDS } from "#server/media/audio-analysis";
import type { MediaStore } from "#server/media/media-store";

/** A release as the duplicate check sees it: whose it is and when it was submitted (null: not yet). */
export interface MatchContext {
  id: string | null;
  userId: string | null;
  submittedAt: Date;
}

/**
 * Analysed files whose audio matches a fingerprint: found through the index (files sharing enough
 * sampled keys), then compared in full. The file itself (same SHA-256) always matches whole.
 */
export async function matchingFiles(
  db: Pick<Db, "select">,
  sha256: string,
  fingerprint: number[],
): Promise<Map<string, FingerprintMatch>> {
  const keys = fingerprintKeys(fingerprint);
  const hits = keys.length
    ? await db
        .select({ sha256: fingerprintKeyRows.sha256 })
        .from(fingerprintKeyRows)
        .where(and(inArray(fingerprintKeyRows.key, keys), ne(fingerprintKeyRows.sha256, sha256)))
        .groupBy(fingerprintKeyRows.sha256)
        .having(sql`count(*) >= ${DUPLICATE_RULES.minKeyHits}`)
        .orderBy(desc(sql`count(*)`))
        .limit(10)
    : [];
  const shares = new Map<string, FingerprintMatch>([[sha256, { share: 1, matchedItems: fingerprint.length }]]);
  if (hits.length) {
    const candidates = await db
      .select({ sha256: audioAnalyses.sha256, fingerprint: audioAnalyses.fingerprint })
      .from(audioAnalyses)
      .where(
        inArray(
          audioAnalyses.sha256,
          hits.map((h) => h.sha256),
        ),
      );
    for (const c of candidates)
      if (c.fingerprint) shares.set(c.sha256, compareFingerprints(fingerprint, c.fingerprint));
  }
  return shares;
}

/**
 * Recordings in Kalrav that a track's audio matches, kept only where an earlier release (pending or
 * live) uses them.
 */
export async function findMatches(
  db: Pick<Db, "select">,
  release: MatchContext,
  sha256: string,
  fingerprint: number[],
): Promise<AudioMatch[]> {
  const shares = await matchingFiles(db, sha256, fingerprint);
  const users = await db
    .select({
      sha256: tracks.audioSha256,
      trackTitle: tracks.title,
      trackArtist: tracks.artistName,
      isrc: tracks.isrc,
      releaseTitle: releases.title,
      artistName: releases.artistName,
      upcEan: releases.upcEan,
      userId: releases.userId,
    })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(
      and(
        inArray(tracks.audioSha256, [...shares.keys()]),
        inArray(releases.status, ["pending_review", "live"]),
        // Releases submitted before this one (all of them, for one not submitted yet).
        release.id
          ? and(
              ne(releases.id, release.id),
              sql`(${releases.submittedAt}, ${releases.id}) < (${release.submittedAt.toISOString()}::timestamptz, ${release.id}::uuid)`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(releases.submittedAt))
    .limit(20);
  return users.flatMap((u) => {
    const match = u.sha256 ? shares.get(u.sha256) : undefined;
    if (!match) return [];
    return [
      {
        trackTitle: u.trackTitle,
        artistName: u.trackArtist ?? u.artistName,
        releaseTitle: u.releaseTitle,
        upcEan: u.upcEan,
        isrc: u.isrc,
        sameOwner: u.userId !== null && u.userId === release.userId,
        share: match.share,
        matchedSeconds: match.matchedItems * FINGERPRINT_ITEM_SECONDS,
      },
    ];
  });
}

/** What a file's samples measured; `failure` says why a file that looked like audio did not decode. */
export interface Analysis {
  levels: AudioLevels | null;
  failure: string | null;
  fingerprint: number[] | null;
}

/** A file's analysis if it has been measured already (null: not yet). */
export async function knownAnalysis(db: Pick<Db, "select">, sha256: string): Promise<Analysis | null> {
  const [known] = await db
    .select({ levels: audioAnalyses.levels, failure: audioAnalyses.failure, fingerprint: audioAnalyses.fingerprint })
    .from(audioAnalyses)
    .where(eq(audioAnalyses.sha256, sha256));
  return known ?? null;
}

/** What an analysis means for a track: undecodable, its levels' findings, and the recordings it copies. */
export async function analysisFindings(
  db: Pick<Db, "select">,
  release: MatchContext,
  track: { isrc: string | null },
  subject: string,
  sha256: string,
  analysis: Analysis,
): Promise<Finding[]> {
  if (analysis.failure) return [undecodableFinding(subject, analysis.failure)];
  const out = analysis.levels ? auditLevels(subject, analysis.levels) : [];
  if (analysis.fingerprint?.length) {
    out.push(...duplicateFindings(subject, await findMatches(db, release, sha256, analysis.fingerprint), track.isrc));
  }
  return out;
}

/**
 * The checks that read a master's samples (issue 40): its levels and its fingerprint, measured once
 * per distinct file, and the recordings in Kalrav it matches. Used by the quality check, by the
 * analysis queued when an upload finishes, and by the verdict before submission.
 */
export function createAudioChecks(deps: { db: Db; media: MediaStore }) {
  const { db, media } = deps;

  /**
   * A file's levels and fingerprint, measured once per distinct file (by its SHA-256) and kept, so a
   * check run again, or another track using the same file, reads them instead of decoding again.
   */
  async function analysisOf(sha256: string, container: string, signal?: AbortSignal): Promise<Analysis> {
    const known = await knownAnalysis(db, sha256);
    if (known) return known;
    const result = await analyseAudio(media.pathOf(sha256), container, signal);
    const row = result.ok
      ? { levels: result.levels, failure: null, fingerprint: Array.from(result.fingerprint, (v) => v | 0) }
      : { levels: null, failure: result.reason, fingerprint: null };
    await db.transaction(async (tx) => {
      await tx
        .insert(audioAnalyses)
        .values({ sha256, ...row })
        .onConflictDoNothing();
      const keys = row.fingerprint ? fingerprintKeys(row.fingerprint) : [];
      if (keys.length > 0) {
        await tx
          .insert(fingerprintKeyRows)
          .values(keys.map((key) => ({ key, sha256 })))
          .onConflictDoNothing();
      }
    });
    return row;
  }

  async function auditSamples(
    release: MatchContext,
    track: { isrc: string | null },
    subject: string,
    sha256: string,
    container: string,
    signal?: AbortSignal,
  ): Promise<Finding[]> {
    return analysisFindings(db, release, track, subject, sha256, await analysisOf(sha256, container, signal));
  }

  return { analysisOf, auditSamples };
}
