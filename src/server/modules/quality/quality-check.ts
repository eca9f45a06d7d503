import fs from "node:fs/promises";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  type ArtworkFacts,
  type AudioFacts,
  auditArtwork,
  auditAudio,
  auditMetadata,
  blockingCount,
  blockingFirst,
  type Finding,
  fetchFinding,
  looksLikeWebPage,
  missingFinding,
  uploadMissingFinding,
  webPageFinding,
} from "#domain/quality";
import type { ReleaseType } from "#domain/releases";
import type { Db, Tx } from "#server/db/client";
import { releaseFileVersions, releases, tracks } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/queue";
import { inspectArtwork, inspectAudio } from "#server/media/inspect";
import type { MediaStore } from "#server/media/media-store";
import { mediaBytesUsed, recordMediaFile } from "#server/media/media-usage";
import { FetchRefused } from "#server/media/safe-fetch";
import { queueUpdates } from "#server/modules/delivery";
import { finishedUpload } from "#server/modules/uploads";
import { createAudioChecks } from "./audio-checks";

/** Reads the first bytes of a downloaded file to tell a web page from a broken file. */
async function startsLikeWebPage(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return looksLikeWebPage(buffer.subarray(0, bytesRead).toString("utf8"));
  } finally {
    await handle.close();
  }
}

/** Marks a release's check as waiting and queues it, in the caller's transaction. */
export async function queueQualityCheck(tx: Pick<Db, "insert" | "update">, releaseId: string): Promise<void> {
  await tx.update(releases).set({ qcStatus: "pending" }).where(eq(releases.id, releaseId));
  await enqueueJob(tx, "quality-check", releaseId, { maxAttempts: 3, ownerOf: releaseId });
}

interface Fetched<T> {
  facts: T | null;
  sha256: string | null;
  md5: string | null;
  finding?: Finding;
  /** Where the bytes came from, and the name the artist knows them by (for the file's versions). */
  source?: { kind: "upload" | "link"; fileName: string };
}

/** The last part of a link's path, as a file name for people ("monsoon.wav"). */
function linkFileName(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last).slice(0, 255) : url.slice(0, 255);
  } catch {
    return url.slice(0, 255);
  }
}

/**
 * Records a new version of a release's file when the checked bytes differ from its last version: the
 * history of what was checked, never rewritten.
 */
async function recordVersion(
  tx: Tx,
  releaseId: string,
  subject: string,
  file: { sha256: string | null; md5: string | null; source?: { kind: string; fileName: string } },
) {
  if (!file.sha256 || !file.md5 || !file.source) return;
  const [last] = await tx
    .select({ version: releaseFileVersions.version, sha256: releaseFileVersions.sha256 })
    .from(releaseFileVersions)
    .where(and(eq(releaseFileVersions.releaseId, releaseId), eq(releaseFileVersions.subject, subject)))
    .orderBy(desc(releaseFileVersions.version))
    .limit(1);
  if (last?.sha256 === file.sha256) return;
  await tx.insert(releaseFileVersions).values({
    releaseId,
    subject,
    version: (last?.version ?? 0) + 1,
    sha256: file.sha256,
    md5: file.md5,
    source: file.source.kind,
    fileName: file.source.fileName,
  });
}

/**
 * The quality-check job: fetches the release's audio and artwork, reads their facts and applies
 * the rules. A link that cannot be fetched is a finding (the artist must fix it); anything else
 * going wrong (our disk, our database) throws, so the job is retried.
 */
export function createQualityCheck(deps: {
  db: Db;
  media: MediaStore;
  /** Bytes of media one owner's releases may hold (unlimited when unset). */
  quotaBytes?: number;
  /** Tells the owner when the check finds something that blocks approval. */
  onBlocking?: (release: { id: string; title: string; userId: string }, blocking: number) => Promise<void>;
}) {
  const { db, media } = deps;

  /** What one check may still download for its owner: their quota less what their other releases hold. */
  interface Budget {
    ownerId: string | null;
    remaining: number;
    signal?: AbortSignal;
  }

  async function fetchAndInspect<T>(
    kind: "audio" | "artwork",
    subject: string,
    url: string,
    inspect: (path: string) => Promise<T | null>,
    budget: Budget,
  ): Promise<Fetched<T>> {
    try {
      const quotaMb = Math.round((deps.quotaBytes ?? 0) / 1e6);
      const leftMb = Math.max(0, Math.floor(budget.remaining / 1e6));
      const tooLargeMessage = `it does not fit in the ${leftMb} MB left of your ${quotaMb} MB of storage: withdraw releases you no longer need, or ask support for more.`;
      if (budget.remaining <= 0) throw new FetchRefused(tooLargeMessage);
      const file = await media.fetch(url, {
        signal: budget.signal,
        maxBytes: Number.isFinite(budget.remaining) ? budget.remaining : undefined,
        tooLargeMessage: Number.isFinite(budget.remaining) ? tooLargeMessage : undefined,
      });
      budget.remaining -= file.bytes;
      await recordMediaFile(db, file, budget.ownerId);
      const facts = await inspect(file.path);
      if (!facts && (await startsLikeWebPage(file.path))) {
        return { facts: null, sha256: null, md5: null, finding: webPageFinding(kind, subject) };
      }
      return {
        facts,
        sha256: file.sha256,
        md5: file.md5,
        source: { kind: "link", fileName: linkFileName(url) },
      };
    } catch (err) {
      // The job was given up (past its time): it is retried, not reported as the artist's problem.
      if (budget.signal?.aborted) throw err;
      if (err instanceof FetchRefused) {
        return { facts: null, sha256: null, md5: null, finding: fetchFinding(kind, subject, err.message) };
      }
      throw err;
    }
  }

  /**
   * An uploaded file was hashed and read once when it finished: its facts are used as they are, and
   * the bytes must still be in the media store.
   */
  async function uploaded<T>(kind: "audio" | "artwork", subject: string, uploadId: string): Promise<Fetched<T>> {
    const file = await finishedUpload(db, uploadId);
    if (!file || !(await media.has(file.sha256))) {
      return { facts: null, sha256: null, md5: null, finding: uploadMissingFinding(kind, subject) };
    }
    return {
      facts: file.facts as T | null,
      sha256: file.sha256,
      md5: file.md5,
      source: { kind: "upload", fileName: file.fileName },
    };
  }

  const samples = createAudioChecks({ db, media });

  /**
   * The file's findings, then its levels and duplicates once those say it is WAV or FLAC stores take
   * (a file that must be exported again anyway is not decoded).
   */
  async function auditTrackAudio(
    release: { id: string; userId: string | null; submittedAt: Date },
    track: { isrc: string | null },
    subject: string,
    audio: Fetched<AudioFacts>,
    signal?: AbortSignal,
  ): Promise<Finding[]> {
    if (audio.finding) return [audio.finding];
    const facts = auditAudio(subject, audio.facts);
    const container = audio.facts?.container;
    if (!audio.sha256 || !container || blockingCount(facts) > 0) return facts;
    return [...facts, ...(await samples.auditSamples(release, track, subject, audio.sha256, container, signal))];
  }

  return async function runQualityCheck(releaseId: string, signal?: AbortSignal): Promise<void> {
    const [release] = await db.select().from(releases).where(eq(releases.id, releaseId));
    if (!release) return; // withdrawn or deleted meanwhile: nothing to check
    const budget: Budget = {
      ownerId: release.userId,
      remaining:
        deps.quotaBytes && release.userId
          ? deps.quotaBytes - (await mediaBytesUsed(db, release.userId, releaseId))
          : Number.POSITIVE_INFINITY,
      signal,
    };
    await db.update(releases).set({ qcStatus: "running" }).where(eq(releases.id, releaseId));
    const trackRows = await db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, releaseId))
      .orderBy(asc(tracks.position));

    const findings: Finding[] = [];
    const trackResults: { id: string; position: number; audio: Fetched<AudioFacts> | null }[] = [];
    for (const track of trackRows) {
      const subject = `Track ${track.position} audio`;
      if (track.audioUploadId) {
        const audio = await uploaded<AudioFacts>("audio", subject, track.audioUploadId);
        findings.push(...(await auditTrackAudio(release, track, subject, audio, signal)));
        trackResults.push({ id: track.id, position: track.position, audio });
        continue;
      }
      if (!track.audioFileUrl) {
        findings.push(missingFinding("audio", subject));
        trackResults.push({ id: track.id, position: track.position, audio: null });
        continue;
      }
      const audio = await fetchAndInspect("audio", subject, track.audioFileUrl, inspectAudio, budget);
      findings.push(...(await auditTrackAudio(release, track, subject, audio, signal)));
      trackResults.push({ id: track.id, position: track.position, audio });
    }

    let artwork: Fetched<ArtworkFacts> | null = null;
    if (release.coverArtUploadId) {
      artwork = await uploaded<ArtworkFacts>("artwork", "Artwork", release.coverArtUploadId);
      findings.push(...(artwork.finding ? [artwork.finding] : auditArtwork(artwork.facts)));
    } else if (release.coverArtUrl) {
      artwork = await fetchAndInspect("artwork", "Artwork", release.coverArtUrl, inspectArtwork, budget);
      findings.push(...(artwork.finding ? [artwork.finding] : auditArtwork(artwork.facts)));
    } else {
      findings.push(missingFinding("artwork", "Artwork"));
    }

    const durations = new Map(
      trackResults.map((t) => [
        t.id,
        t.audio?.facts?.durationSeconds ? Math.round(t.audio.facts.durationSeconds) : null,
      ]),
    );
    findings.push(
      ...auditMetadata({
        title: release.title,
        artistName: release.artistName,
        language: release.language,
        releaseType: release.releaseType as ReleaseType,
        upcEan: release.upcEan,
        isExplicit: release.isExplicit,
        tracks: trackRows.map((t) => ({ ...t, durationSeconds: durations.get(t.id) ?? null })),
      }),
    );
    blockingFirst(findings);

    await db.transaction(async (tx) => {
      // The release first, then its tracks: the order an artist's edit takes them in (it locks the
      // release, then replaces the tracks). Taken the other way round, the two deadlocked.
      const [locked] = await tx
        .select({ status: releases.status })
        .from(releases)
        .where(eq(releases.id, releaseId))
        .for("no key update");
      for (const t of trackResults) {
        await tx
          .update(tracks)
          .set({
            durationSeconds: durations.get(t.id) ?? null,
            audioSha256: t.audio?.sha256 ?? null,
            audioMd5: t.audio?.md5 ?? null,
            audioFacts: t.audio?.facts ?? null,
          })
          .where(eq(tracks.id, t.id));
        if (t.audio) await recordVersion(tx, releaseId, `track:${t.position}`, t.audio);
      }
      if (artwork) await recordVersion(tx, releaseId, "artwork", artwork);
      await tx
        .update(releases)
        .set({
          qcStatus: "done",
          qcFindings: findings,
          qcCheckedAt: new Date(),
          artworkSha256: artwork?.sha256 ?? null,
          artworkMd5: artwork?.md5 ?? null,
          artworkFacts: artwork?.facts ?? null,
        })
        .where(eq(releases.id, releaseId));
      // A live release checked again (say, its audio replaced at the same link): stores get what
      // changed, the files too, unless the new files would be refused.
      if (locked?.status === "live" && blockingCount(findings) === 0) await queueUpdates(tx, releaseId);
    });
    const blocking = blockingCount(findings);
    if (blocking > 0 && release.userId && deps.onBlocking) {
      await deps.onBlocking({ id: release.id, title: release.title, userId: release.userId }, blocking);
    }
  };
}
