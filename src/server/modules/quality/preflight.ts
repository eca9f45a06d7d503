import { and, eq, inArray } from "drizzle-orm";
import { aiDeclared, applyAiAnswer } from "#domain/ai-disclosure";
import { t } from "#domain/i18n";
import type { AudioLevels } from "#domain/levels";
import {
  type ArtworkFacts,
  type AudioFacts,
  auditArtwork,
  auditAudio,
  auditMetadata,
  blockingCount,
  blockingFirst,
  type Finding,
  missingFinding,
} from "#domain/quality";
import type { ReleaseData } from "#domain/releases";
import { reason, storeVerdicts, type VerdictStore, verdictSummary } from "#domain/store-verdict";
import { planTracks } from "#domain/tracks";
import type { Db } from "#server/db/client";
import { releases, uploads } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { analysisFindings, knownAnalysis, type MatchContext } from "./audio-checks";

/** Said for files given as links: we only download them once the release is submitted. */
const linkedFilesNote = () => reason("note", "Files", ["verdict.linkedFiles"], null);

/**
 * The per-store verdict on a release not yet submitted (issue 40): the metadata rules on what the
 * artist typed, the facts of the files they uploaded, and the levels and duplicates of those files as
 * the analysis queued at each upload's finish measured them. Nothing is written.
 */
export async function preflightRelease(
  deps: { db: Db; stores: readonly VerdictStore[] },
  ownerId: string,
  input: ReleaseData,
  /** The owner's release being edited: its own tracks are not duplicates of the edit. */
  editing?: string,
) {
  const { db } = deps;
  let context: MatchContext = { id: null, userId: ownerId, submittedAt: new Date() };
  if (editing) {
    const [own] = await db
      .select({ id: releases.id, submittedAt: releases.submittedAt })
      .from(releases)
      .where(and(eq(releases.id, editing), eq(releases.userId, ownerId)));
    if (!own) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
    context = { id: own.id, userId: ownerId, submittedAt: own.submittedAt };
  }
  const declared = applyAiAnswer(input);
  const plan = planTracks(
    {
      title: input.title,
      isExplicit: input.isExplicit,
      audioUploadId: input.audioUploadId || null,
      audioFileUrl: input.audioUploadId ? null : input.audioFileUrl || null,
      ai: declared.unlistedTrackAi,
    },
    declared.tracks,
  );
  const ids = [...plan.flatMap((t) => (t.audioUploadId ? [t.audioUploadId] : [])), input.coverArtUploadId].filter(
    (id): id is string => Boolean(id),
  );
  // Only the artist's own finished uploads count; anyone else's id reads as a missing file.
  const owned = ids.length
    ? await db
        .select({ id: uploads.id, kind: uploads.kind, sha256: uploads.sha256, facts: uploads.facts })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId)))
    : [];
  const upload = (id: string | null | undefined, kind: string) =>
    owned.find((u) => u.id === id && u.kind === kind && u.sha256);

  const findings: Finding[] = [];
  const levels: { subject: string; levels: AudioLevels }[] = [];
  let measured = true;
  let linked = false;
  const durations = new Map<number, number | null>();
  for (const track of plan) {
    const subject = `Track ${track.position} audio`;
    const file = upload(track.audioUploadId, "audio");
    if (!file?.sha256) {
      if (track.audioFileUrl) linked = true;
      else findings.push(missingFinding("audio", subject));
      continue;
    }
    const facts = file.facts as AudioFacts | null;
    durations.set(track.position, facts?.durationSeconds ? Math.round(facts.durationSeconds) : null);
    const factFindings = auditAudio(subject, facts);
    findings.push(...factFindings);
    if (blockingCount(factFindings) > 0) continue;
    const known = await knownAnalysis(db, file.sha256);
    if (!known) {
      measured = false; // still being measured on the queue
      continue;
    }
    if (known.levels) levels.push({ subject, levels: known.levels });
    findings.push(...(await analysisFindings(db, context, { isrc: track.isrc }, subject, file.sha256, known)));
  }
  const cover = upload(input.coverArtUploadId, "artwork");
  if (cover) findings.push(...auditArtwork(cover.facts as ArtworkFacts | null));
  else if (input.coverArtUrl) linked = true;
  else findings.push(missingFinding("artwork", "Artwork"));
  findings.push(
    ...auditMetadata({
      title: input.title,
      artistName: input.artistName,
      language: input.language,
      releaseType: input.releaseType,
      upcEan: input.upcEan || null,
      isExplicit: input.isExplicit,
      tracks: plan.map((t) => ({ ...t, durationSeconds: durations.get(t.position) ?? null })),
    }),
  );
  blockingFirst(findings);
  const lines = storeVerdicts(deps.stores, {
    checked: measured,
    findings,
    levels,
    aiDeclared: aiDeclared(input.aiUsed, declared.artworkAi, declared.tracks.length ? declared.tracks : plan),
  });
  if (linked) for (const line of lines) line.reasons.push(linkedFilesNote());
  return { findings, verdict: { summary: verdictSummary(lines), stores: lines } };
}
