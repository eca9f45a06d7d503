import { inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { mediaFiles } from "#server/db/schema";
import type { MediaStore, SweepResult } from "./media-store";

/** Notes a stored file and who first brought it (files are shared by content, so this is first-come). */
export async function recordMediaFile(db: Db, file: { sha256: string; bytes: number }, ownerId: string | null) {
  await db
    .insert(mediaFiles)
    .values({ sha256: file.sha256, bytes: file.bytes, ownerId })
    .onConflictDoNothing({ target: mediaFiles.sha256 });
}

/**
 * Bytes of the distinct files an owner's releases use, other than `exceptReleaseId` (the release being
 * checked again, whose files are about to be replaced).
 */
export async function mediaBytesUsed(db: Db, ownerId: string, exceptReleaseId: string): Promise<number> {
  const [row] = rowsOf<{ bytes: string | null }>(
    await db.execute(sql`
      select sum(m.bytes)::bigint as bytes from media_files m
      where m.sha256 in (
        select r.artwork_sha256 from releases r where r.user_id = ${ownerId} and r.id <> ${exceptReleaseId}
        union
        select t.audio_sha256 from tracks t join releases r on r.id = t.release_id
        where r.user_id = ${ownerId} and r.id <> ${exceptReleaseId})`),
  );
  return Number(row?.bytes ?? 0);
}

/** Which of these files a release, a track or a kept upload still refers to. */
export async function referencedMedia(db: Db, shas: string[]): Promise<Set<string>> {
  if (!shas.length) return new Set();
  const list = sql.join(
    shas.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{ sha: string }>(
    await db.execute(sql`
      select artwork_sha256 as sha from releases where artwork_sha256 in (${list})
      union
      select audio_sha256 as sha from tracks where audio_sha256 in (${list})
      union
      select sha256 as sha from uploads where sha256 in (${list})`),
  );
  return new Set(rows.map((r) => r.sha));
}

/** Removes files no release refers to any more (withdrawn, deleted, or replaced by a new check). */
export async function sweepMedia(db: Db, media: MediaStore, graceMs: number): Promise<SweepResult> {
  const result = await media.sweep((shas) => referencedMedia(db, shas), graceMs);
  for (let i = 0; i < result.removed.length; i += 1000) {
    await db.delete(mediaFiles).where(inArray(mediaFiles.sha256, result.removed.slice(i, i + 1000)));
  }
  return result;
}

/**
 * What an owner's storage holds or has reserved: the files their releases use, and every upload of
 * theirs (finished or still arriving, at its declared length) that no release of theirs uses yet.
 * Uploads count from their creation (issue 33: 22 MB were stored under a 5 MB quota).
 */
export async function storageHeld(db: Db, ownerId: string, exceptUploadId?: string): Promise<number> {
  const [row] = rowsOf<{ bytes: string | null }>(
    await db.execute(sql`
      with used as (
        select r.artwork_sha256 as sha from releases r where r.user_id = ${ownerId} and r.artwork_sha256 is not null
        union
        select t.audio_sha256 from tracks t join releases r on r.id = t.release_id
        where r.user_id = ${ownerId} and t.audio_sha256 is not null
      )
      select (select coalesce(sum(m.bytes), 0) from media_files m where m.sha256 in (select sha from used))
        + (select coalesce(sum(u.size_bytes), 0) from uploads u
           where u.owner_id = ${ownerId} and u.id::text <> ${exceptUploadId ?? ""}
             and (u.sha256 is null or u.sha256 not in (select sha from used))) as bytes`),
  );
  return Number(row?.bytes ?? 0);
}
