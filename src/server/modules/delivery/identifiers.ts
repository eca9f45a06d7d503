import { and, asc, eq, notInArray } from "drizzle-orm";
import { t } from "#domain/i18n";
import { canonicalUpc, eanFor, IDENTIFIER_MESSAGES, isInOurRange, isrcFor } from "#domain/identifiers";
import type { Tx } from "#server/db/client";
import { nextNumber } from "#server/db/counters";
import { issuedIdentifiers, releases, tracks } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

export interface IdentifierConfig {
  /** GS1 company prefix our EAN-13s are numbered under. */
  gs1Prefix: string;
  /** ISRC country and registrant code, e.g. IN-K7L. */
  isrcRegistrant: string;
}

/** A release's tracks with their ISRCs, in track order. */
function tracksInOrder(tx: Tx, releaseId: string) {
  return tx
    .select({ id: tracks.id, isrc: tracks.isrc, position: tracks.position })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
}

/** Releases whose codes went to stores: their claims are never given up. */
export const DELIVERED_STATUSES = ["live", "taken_down"] as const;

type Claimant = { releaseId: string; ownerId: string | null; trackId?: string };
type ClaimResult = { ok: true } | { ok: false; heldBy: { title: string; sameOwner: boolean } | null };

/**
 * Records a code as this release's (or track's). A code is held by one release at a time: a code held
 * by another release is refused; a code whose release was deleted can be claimed again only by whoever
 * claimed it (and never one of ours); an ISRC moves with its release when the tracks are rewritten.
 */
async function claim(
  tx: Tx,
  rawCode: string,
  kind: "upc" | "isrc",
  who: Claimant,
  assigned: boolean,
): Promise<ClaimResult> {
  const code = kind === "upc" ? canonicalUpc(rawCode) : rawCode;
  const trackId = who.trackId ?? null;
  const inserted = await tx
    .insert(issuedIdentifiers)
    .values({ code, kind, releaseId: who.releaseId, trackId, ownerId: who.ownerId, assigned })
    .onConflictDoNothing()
    .returning({ code: issuedIdentifiers.code });
  if (inserted.length) return { ok: true };
  // Locked, so two releases claiming one orphaned code at once cannot both take it.
  const [existing] = await tx.select().from(issuedIdentifiers).where(eq(issuedIdentifiers.code, code)).for("update");
  if (!existing || existing.kind !== kind) return { ok: false, heldBy: null };
  const orphanOfOwn = existing.releaseId === null && !existing.assigned && existing.ownerId === who.ownerId;
  const sameRelease = existing.releaseId === who.releaseId;
  if (sameRelease && (kind === "upc" || existing.trackId === trackId)) return { ok: true };
  // An ISRC of this release whose track row was rewritten (the old row is gone, so its link is null).
  if ((sameRelease && existing.trackId === null) || orphanOfOwn) {
    await tx
      .update(issuedIdentifiers)
      .set({ releaseId: who.releaseId, trackId, ownerId: who.ownerId })
      .where(eq(issuedIdentifiers.code, code));
    return { ok: true };
  }
  if (!existing.releaseId) return { ok: false, heldBy: null };
  const [holder] = await tx
    .select({ title: releases.title, userId: releases.userId })
    .from(releases)
    .where(eq(releases.id, existing.releaseId));
  if (!holder) return { ok: false, heldBy: null };
  return {
    ok: false,
    heldBy: { title: holder.title, sameOwner: who.ownerId !== null && holder.userId === who.ownerId },
  };
}

function takenError(result: ClaimResult & { ok: false }, code: string, other: string, own: (title: string) => string) {
  // Another's code says which, so the form can offer to dispute it; one's own needs no dispute.
  return result.heldBy?.sameOwner
    ? new DomainError("conflict", "IDENTIFIER_TAKEN", own(result.heldBy.title))
    : new DomainError("conflict", "IDENTIFIER_TAKEN", other, { disputable: code });
}

/**
 * Lets go of the codes an artist typed on a release that is withdrawn, rejected or deleted: a claim
 * lasts while its release is pending or went to stores (issue 33: claims outlived withdrawals, so codes
 * could be squatted). Codes we assigned stay with the release.
 */
export async function releaseTypedCodes(tx: Tx, releaseId: string): Promise<void> {
  await tx
    .delete(issuedIdentifiers)
    .where(and(eq(issuedIdentifiers.releaseId, releaseId), eq(issuedIdentifiers.assigned, false)));
}

/**
 * Claims the UPC and ISRCs a release carries for it, in the caller's transaction, as soon as they are
 * given (on submission and on every edit). A code another release holds is refused with a message the
 * artist can act on. Codes a release no longer carries are let go while it has not gone to stores.
 */
export async function claimReleaseCodes(
  tx: Tx,
  releaseId: string,
  typedBy?: { ours: IdentifierConfig },
): Promise<void> {
  const [release] = await tx
    .select({ userId: releases.userId, upcEan: releases.upcEan, status: releases.status })
    .from(releases)
    .where(eq(releases.id, releaseId));
  if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  const ownerId = release.userId;
  const kept: string[] = [];
  // An artist may not take a free code from our own ranges; one a release holds is refused as taken
  // (or kept, when it is this release's).
  const reserved = async (code: string, kind: "upc" | "isrc") => {
    if (!typedBy || !isInOurRange(code, kind, typedBy.ours)) return false;
    const [held] = await tx
      .select({ releaseId: issuedIdentifiers.releaseId })
      .from(issuedIdentifiers)
      .where(eq(issuedIdentifiers.code, kind === "upc" ? canonicalUpc(code) : code));
    return !held?.releaseId;
  };
  if (release.upcEan) {
    if (await reserved(release.upcEan, "upc")) {
      throw new DomainError("conflict", "IDENTIFIER_RESERVED", IDENTIFIER_MESSAGES.upcReserved(release.upcEan));
    }
    const result = await claim(tx, release.upcEan, "upc", { releaseId, ownerId }, false);
    if (!result.ok) {
      throw takenError(result, release.upcEan, IDENTIFIER_MESSAGES.upcTaken(release.upcEan), (title) =>
        IDENTIFIER_MESSAGES.upcTakenByOwn(release.upcEan as string, title),
      );
    }
    kept.push(canonicalUpc(release.upcEan));
  }
  const rows = await tracksInOrder(tx, releaseId);
  for (const track of rows) {
    if (!track.isrc) continue;
    const isrc = track.isrc;
    if (await reserved(isrc, "isrc")) {
      throw new DomainError("conflict", "IDENTIFIER_RESERVED", IDENTIFIER_MESSAGES.isrcReserved(isrc, track.position));
    }
    const result = await claim(tx, isrc, "isrc", { releaseId, ownerId, trackId: track.id }, false);
    if (!result.ok) {
      throw takenError(result, isrc, IDENTIFIER_MESSAGES.isrcTaken(isrc, track.position), (title) =>
        IDENTIFIER_MESSAGES.isrcTakenByOwn(isrc, track.position, title),
      );
    }
    kept.push(isrc);
  }
  if (!(DELIVERED_STATUSES as readonly string[]).includes(release.status)) {
    await tx
      .delete(issuedIdentifiers)
      .where(
        and(
          eq(issuedIdentifiers.releaseId, releaseId),
          eq(issuedIdentifiers.assigned, false),
          kept.length ? notInArray(issuedIdentifiers.code, kept) : undefined,
        ),
      );
  }
}

/**
 * Gives a release being approved its UPC and its tracks their ISRCs: the artist's own codes are
 * recorded (and refused if another release has them), missing ones are numbered from our ranges.
 */
export async function assignIdentifiers(tx: Tx, releaseId: string, config: IdentifierConfig, now = new Date()) {
  const [release] = await tx
    .select({ upcEan: releases.upcEan, userId: releases.userId })
    .from(releases)
    .where(eq(releases.id, releaseId));
  if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  const ownerId = release.userId;
  // The artist's own codes were claimed when given; this confirms they are still this release's.
  await claimReleaseCodes(tx, releaseId);
  if (!release.upcEan) {
    let code: string;
    do {
      code = await rangeCode(
        () => nextNumber(tx, `upc:${config.gs1Prefix}`),
        (n) => eanFor(config.gs1Prefix, n - 1),
      );
    } while (!(await claim(tx, code, "upc", { releaseId, ownerId }, true)).ok);
    await tx.update(releases).set({ upcEan: code }).where(eq(releases.id, releaseId));
  }

  const year = now.getUTCFullYear();
  const rows = await tracksInOrder(tx, releaseId);
  for (const track of rows) {
    const owner = { releaseId, ownerId, trackId: track.id };
    if (track.isrc) continue;
    let code: string;
    do {
      code = await rangeCode(
        () => nextNumber(tx, `isrc:${config.isrcRegistrant}:${year}`),
        (n) => isrcFor(config.isrcRegistrant, year, n),
      );
    } while (!(await claim(tx, code, "isrc", owner, true)).ok);
    await tx.update(tracks).set({ isrc: code }).where(eq(tracks.id, track.id));
  }
}

/** The next code of a range; a range used up is the admin's to fix (a new prefix), not a crash. */
async function rangeCode(next: () => Promise<number>, format: (n: number) => string): Promise<string> {
  const n = await next();
  try {
    return format(n);
  } catch (err) {
    if (err instanceof RangeError) throw new DomainError("conflict", "RANGE_EXHAUSTED", err.message);
    throw err;
  }
}
