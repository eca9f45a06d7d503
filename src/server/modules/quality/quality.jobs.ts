import { eq } from "drizzle-orm";
import { type AudioFacts, auditUpload, blockingCount, QC_MESSAGES } from "#domain/quality";
import type { Db } from "#server/db/client";
import { releases } from "#server/db/schema";
import type { JobHandlers } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import type { Mailer } from "#server/mail/mailer";
import type { MediaStore } from "#server/media/media-store";
import { notifyUser } from "#server/modules/notifications";
import { finishedUpload } from "#server/modules/uploads";
import { createAudioChecks } from "./audio-checks";
import { createQualityCheck } from "./quality-check";

/**
 * The quality module's background work: the check itself, the owner's notice when it finds
 * something blocking, and the "failed" state once its last attempt has gone.
 */
export function qualityJobs(deps: {
  db: Db;
  media: MediaStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Bytes of media one owner's releases may hold. */
  quotaBytes: number;
}): JobHandlers {
  const { db } = deps;
  const runQualityCheck = createQualityCheck({
    db,
    media: deps.media,
    quotaBytes: deps.quotaBytes,
    onBlocking: (release, blocking) =>
      notifyUser(
        { db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
        {
          userId: release.userId,
          kind: "release_status",
          title: () => QC_MESSAGES.fixNeededTitle(release.title),
          body: () => QC_MESSAGES.fixNeededBody(release.title, blocking),
          link: `/app/releases/${release.id}`,
          emailPreference: "emailReleaseUpdates",
        },
      ),
  });
  const audio = createAudioChecks({ db, media: deps.media });
  return {
    // An audio upload just finished: measure it now (a file stores would refuse anyway is not decoded).
    "audio-analysis": async (job, signal) => {
      const file = await finishedUpload(db, job.ref);
      if (!file?.facts || blockingCount(auditUpload("audio", file.facts)) > 0) return;
      if (!(await deps.media.has(file.sha256))) return;
      await audio.analysisOf(file.sha256, (file.facts as AudioFacts).container, signal);
    },
    "quality-check": async (job, signal) => {
      try {
        await runQualityCheck(job.ref, signal);
      } catch (err) {
        if (job.attempts >= job.maxAttempts)
          await db.update(releases).set({ qcStatus: "failed" }).where(eq(releases.id, job.ref));
        throw err;
      }
    },
  };
}
