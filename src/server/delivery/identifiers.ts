import { asc, eq, sql } from "drizzle-orm";
import { eanFor, isrcFor } from "../../domain/identifiers";
import type { Db } from "../db/client";
import { issuedIdentifiers, releases, tracks } from "../db/schema";
import { ApiError } from "../lib/errors";

export interface IdentifierConfig {
  /** GS1 company prefix our EAN-13s are numbered under. */
  gs1Prefix: string;
  /** ISRC country and registrant code, e.g. IN-K7L. */
  isrcRegistrant: string;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The next number of a range. The upsert locks the counter row until the transaction ends, so concurrent approvals queue up and never share a number. */
async function nextNumber(tx: Tx, scope: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into identifier_counters (scope, last) values (${scope}, 1)
    on conflict (scope) do update set last = identifier_counters.last + 1
    returning last`);
  return Number((result as unknown as { rows: { last: string | number }[] }).rows[0]?.last);
}

/**
 * Records a code as this release's (or track's). A code already on record for something else is
 * refused: identifiers are never shared and never reused, even after a release is deleted.
 */
async function claim(
  tx: Tx,
  code: string,
  kind: "upc" | "isrc",
  owner: { releaseId: string; trackId?: string },
  assigned: boolean,
): Promise<boolean> {
  const inserted = await tx
    .insert(issuedIdentifiers)
    .values({ code, kind, releaseId: owner.releaseId, trackId: owner.trackId ?? null, assigned })
    .onConflictDoNothing()
    .returning({ code: issuedIdentifiers.code });
  if (inserted.length) return true;
  const [existing] = await tx.select().from(issuedIdentifiers).where(eq(issuedIdentifiers.code, code));
  return Boolean(
    existing &&
      existing.releaseId === owner.releaseId &&
      (kind === "upc" || existing.trackId === (owner.trackId ?? null)),
  );
}

/**
 * Gives a release being approved its UPC and its tracks their ISRCs: the artist's own codes are
 * recorded (and refused if another release has them), missing ones are numbered from our ranges.
 */
export async function assignIdentifiers(tx: Tx, releaseId: string, config: IdentifierConfig, now = new Date()) {
  const [release] = await tx.select({ upcEan: releases.upcEan }).from(releases).where(eq(releases.id, releaseId));
  if (!release) throw new ApiError(404, "NOT_FOUND", "Release not found.");
  if (release.upcEan) {
    if (!(await claim(tx, release.upcEan, "upc", { releaseId }, false))) {
      throw new ApiError(409, "IDENTIFIER_TAKEN", `UPC/EAN ${release.upcEan} already belongs to another release.`);
    }
  } else {
    let code: string;
    do {
      code = await rangeCode(
        () => nextNumber(tx, `upc:${config.gs1Prefix}`),
        (n) => eanFor(config.gs1Prefix, n - 1),
      );
    } while (!(await claim(tx, code, "upc", { releaseId }, true)));
    await tx.update(releases).set({ upcEan: code }).where(eq(releases.id, releaseId));
  }

  const year = now.getUTCFullYear();
  const rows = await tx
    .select({ id: tracks.id, isrc: tracks.isrc, position: tracks.position })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  for (const track of rows) {
    const owner = { releaseId, trackId: track.id };
    if (track.isrc) {
      if (!(await claim(tx, track.isrc, "isrc", owner, false))) {
        throw new ApiError(
          409,
          "IDENTIFIER_TAKEN",
          `ISRC ${track.isrc} (track ${track.position}) already belongs to another recording.`,
        );
      }
      continue;
    }
    let code: string;
    do {
      code = await rangeCode(
        () => nextNumber(tx, `isrc:${config.isrcRegistrant}:${year}`),
        (n) => isrcFor(config.isrcRegistrant, year, n),
      );
    } while (!(await claim(tx, code, "isrc", owner, true)));
    await tx.update(tracks).set({ isrc: code }).where(eq(tracks.id, track.id));
  }
}

/** The next code of a range; a range used up is the admin's to fix (a new prefix), not a crash. */
async function rangeCode(next: () => Promise<number>, format: (n: number) => string): Promise<string> {
  const n = await next();
  try {
    return format(n);
  } catch (err) {
    if (err instanceof RangeError) throw new ApiError(409, "RANGE_EXHAUSTED", err.message);
    throw err;
  }
}
