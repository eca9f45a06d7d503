// Split sheets, collaborators and their invites (issue 19). A sheet version is written once and never
// edited; a collaborator's money is held in escrow until they accept, then released to them once.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatInr } from "#domain/money";
import { monthOf } from "#domain/royalties";
import {
  bpToPercent,
  INVITE_REMINDER_DAYS,
  normaliseIndianMobile,
  percentToBp,
  SPLIT_MESSAGES,
  SPLIT_ROLE_LABELS,
  type SplitRole,
  type SplitSheetInput,
  splitSheetSchema,
} from "#domain/splits";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { collaborators, releases, royaltyEntries, splitShares, splitSheets, tracks, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";

type Deps = Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db; encryptor: Encryptor };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, "")}/app/invite/${token}`;

async function ownedRelease(db: Db, userId: string, releaseId: string) {
  const [release] = await db
    .select({ id: releases.id, title: releases.title, artistName: releases.artistName })
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.userId, userId)));
  if (!release) throw new DomainError("not_found", "NOT_FOUND", "Release not found.");
  return release;
}

/** Held in escrow per collaborator (money allocated to them before they accepted). */
async function escrowOf(db: Db, collaboratorIds: string[]) {
  if (!collaboratorIds.length) return new Map<string, number>();
  const rows = await db
    .select({
      id: royaltyEntries.collaboratorId,
      held: sql<number>`coalesce(sum(${royaltyEntries.amountPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(royaltyEntries)
    .where(and(inArray(royaltyEntries.collaboratorId, collaboratorIds), isNull(royaltyEntries.userId)))
    .groupBy(royaltyEntries.collaboratorId);
  return new Map(rows.map((r) => [r.id as string, r.held]));
}

/** A release's split sheets as its owner sees them: per track, the version in force and the history. */
export async function getSplits(deps: Deps, userId: string, releaseId: string) {
  const { db } = deps;
  const release = await ownedRelease(db, userId, releaseId);
  const [trackRows, sheetRows, people] = await Promise.all([
    db
      .select({ id: tracks.id, position: tracks.position, title: tracks.title, isrc: tracks.isrc })
      .from(tracks)
      .where(eq(tracks.releaseId, releaseId))
      .orderBy(asc(tracks.position)),
    db
      .select()
      .from(splitSheets)
      .where(eq(splitSheets.releaseId, releaseId))
      .orderBy(asc(splitSheets.effectiveFrom), asc(splitSheets.createdAt)),
    db.select().from(collaborators).where(eq(collaborators.ownerId, userId)).orderBy(asc(collaborators.name)),
  ]);
  const shares = sheetRows.length
    ? await db
        .select()
        .from(splitShares)
        .where(
          inArray(
            splitShares.sheetId,
            sheetRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(splitShares.position))
    : [];
  const held = await escrowOf(
    db,
    people.map((p) => p.id),
  );
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const person = new Map(people.map((p) => [p.id, p]));
  const today = new Date().toISOString().slice(0, 10);
  const sheetView = (s: (typeof sheetRows)[number]) => ({
    id: s.id,
    effectiveFrom: s.effectiveFrom,
    createdAt: s.createdAt.toISOString(),
    recoupment: s.recoupCollaboratorId
      ? {
          collaboratorId: s.recoupCollaboratorId,
          name: person.get(s.recoupCollaboratorId)?.name ?? "",
          amountPaise: s.recoupPaise,
        }
      : null,
    shares: shares
      .filter((x) => x.sheetId === s.id)
      .map((x) => ({
        collaboratorId: x.collaboratorId,
        name: x.collaboratorId ? (person.get(x.collaboratorId)?.name ?? "") : (owner?.name ?? "You"),
        role: x.role as SplitRole,
        roleLabel: SPLIT_ROLE_LABELS[x.role as SplitRole],
        percent: bpToPercent(x.shareBp),
        isOwner: x.collaboratorId === null,
      })),
  });
  const forTrack = (trackId: string | null) => {
    const versions = sheetRows.filter((s) => s.trackId === trackId);
    const current = [...versions].reverse().find((s) => s.effectiveFrom <= today) ?? null;
    const upcoming = versions.filter((s) => s.effectiveFrom > today);
    return {
      current: current ? sheetView(current) : null,
      upcoming: upcoming.map(sheetView),
      history: versions.map(sheetView),
    };
  };
  return {
    release: { id: release.id, title: release.title, artistName: release.artistName },
    tracks: trackRows.map((t) => ({ id: t.id, position: t.position, title: t.title, isrc: t.isrc, ...forTrack(t.id) })),
    releaseWide: forTrack(null),
    collaborators: people.map((p) => ({
      id: p.id,
      name: p.name,
      role: p.role as SplitRole,
      email: p.email,
      phone: p.phone,
      accepted: Boolean(p.acceptedUserId),
      acceptedAt: p.acceptedAt?.toISOString() ?? null,
      heldPaise: held.get(p.id) ?? 0,
      inviteUrl: p.acceptedUserId ? null : inviteUrl(deps.publicUrl, deps.encryptor.decrypt(p.inviteTokenEncrypted)),
    })),
  };
}

/**
 * Saves a new version of a track's split (or of every track's, and the release's rows that name no
 * track). Collaborators are found by e-mail or mobile among the owner's, or created with an invite.
 */
export async function saveSplit(
  deps: Deps,
  userId: string,
  releaseId: string,
  trackId: string,
  input: SplitSheetInput,
) {
  const { db } = deps;
  const parsed = splitSheetSchema.parse(input);
  const release = await ownedRelease(db, userId, releaseId);
  const releaseTracks = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  if (!releaseTracks.some((t) => t.id === trackId))
    throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.notYourTrack);
  const today = new Date().toISOString().slice(0, 10);
  if (parsed.effectiveFrom < today) {
    throw new DomainError("invalid", "PAST_EFFECTIVE_FROM", SPLIT_MESSAGES.pastEffectiveFrom, {
      fields: { effectiveFrom: SPLIT_MESSAGES.pastEffectiveFrom },
    });
  }
  const invites: { email: string | null; name: string; token: string }[] = [];
  await db.transaction(async (tx) => {
    const ids: (string | null)[] = [];
    for (const c of parsed.collaborators) {
      if (c.isOwner) {
        ids.push(null);
        continue;
      }
      const email = c.email || null;
      const phone = c.phone ? normaliseIndianMobile(c.phone) : null;
      const [found] = await tx
        .select()
        .from(collaborators)
        .where(
          and(
            eq(collaborators.ownerId, userId),
            email ? eq(collaborators.email, email) : eq(collaborators.phone, phone ?? ""),
          ),
        );
      if (found) {
        ids.push(found.id);
        continue;
      }
      const token = randomBytes(24).toString("base64url");
      const [made] = await tx
        .insert(collaborators)
        .values({
          ownerId: userId,
          name: c.name,
          role: c.role,
          email,
          phone,
          inviteTokenHash: hashToken(token),
          inviteTokenEncrypted: deps.encryptor.encrypt(token),
        })
        .returning({ id: collaborators.id });
      ids.push(made?.id ?? null);
      invites.push({ email, name: c.name, token });
    }
    const targets: (string | null)[] = parsed.applyToAllTracks ? releaseTracks.map((t) => t.id) : [trackId];
    // The release's rows that name no track follow the split of all its tracks, or of its only one.
    if (parsed.applyToAllTracks || releaseTracks.length === 1) targets.push(null);
    const recoupIndex = parsed.recoupment?.collaboratorIndex;
    for (const target of targets) {
      const [sheet] = await tx
        .insert(splitSheets)
        .values({
          releaseId,
          trackId: target,
          ownerId: userId,
          effectiveFrom: parsed.effectiveFrom,
          recoupCollaboratorId: recoupIndex === undefined ? null : (ids[recoupIndex] ?? null),
          recoupPaise: parsed.recoupment?.amountPaise ?? 0,
        })
        .returning({ id: splitSheets.id });
      if (!sheet) throw new Error("split sheet insert returned nothing");
      await tx.insert(splitShares).values(
        parsed.collaborators.map((c, i) => ({
          sheetId: sheet.id,
          position: i + 1,
          collaboratorId: ids[i] ?? null,
          role: c.role,
          shareBp: percentToBp(c.percent) ?? 0,
        })),
      );
    }
  });
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  for (const invite of invites) {
    if (!invite.email) continue;
    await sendInvite(deps, {
      to: invite.email,
      name: invite.name,
      ownerName: owner?.name ?? "An artist",
      title: release.title,
      token: invite.token,
    });
  }
  const splits = await getSplits(deps, userId, releaseId);
  return { ...splits, pendingInvites: splits.collaborators.filter((c) => !c.accepted).length };
}

async function sendInvite(
  deps: Pick<Deps, "mailer" | "logger" | "publicUrl">,
  invite: { to: string; name: string; ownerName: string; title: string; token: string; reminder?: boolean },
) {
  const link = inviteUrl(deps.publicUrl, invite.token);
  try {
    await deps.mailer.send({
      to: invite.to,
      subject: `${invite.reminder ? "Reminder: " : ""}${invite.ownerName} shares royalties of "${invite.title}" with you`,
      text: [
        `Hello ${invite.name},`,
        "",
        `${invite.ownerName} has put you on the split sheet of "${invite.title}" on Kalrav.`,
        "Your share of its royalties is held for you until you accept. Accept with a free Kalrav account (no plan needed):",
        link,
        "",
        "Kalrav",
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err }, "split invite e-mail failed");
  }
}

/** What an invite link shows before it is accepted (to anyone holding the link). */
export async function inviteInfo(db: Db, token: string) {
  const [row] = await db
    .select({ c: collaborators, ownerName: users.name })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.ownerId))
    .where(eq(collaborators.inviteTokenHash, hashToken(token)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.inviteNotFound);
  const titles = await db
    .selectDistinct({ title: releases.title })
    .from(splitShares)
    .innerJoin(splitSheets, eq(splitSheets.id, splitShares.sheetId))
    .innerJoin(releases, eq(releases.id, splitSheets.releaseId))
    .where(eq(splitShares.collaboratorId, row.c.id));
  const held = (await escrowOf(db, [row.c.id])).get(row.c.id) ?? 0;
  return {
    name: row.c.name,
    role: row.c.role as SplitRole,
    ownerName: row.ownerName,
    releases: titles.map((t) => t.title),
    heldPaise: held,
    accepted: Boolean(row.c.acceptedUserId),
    emailHint: row.c.email ? row.c.email.replace(/^(.).*(@.*)$/, "$1•••$2") : null,
  };
}

/**
 * The collaborator accepts with their own account: the invite is claimed once, and what escrow held
 * for them is released to their balance in the same transaction (two entries that sum to zero).
 */
export async function acceptInvite(deps: Deps, token: string, user: { id: string; email: string }) {
  const { db } = deps;
  const released = await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(collaborators)
      .where(eq(collaborators.inviteTokenHash, hashToken(token)))
      .for("update");
    if (!c) throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.inviteNotFound);
    if (c.acceptedUserId) throw new DomainError("conflict", "ALREADY_ACCEPTED", SPLIT_MESSAGES.inviteAccepted);
    if (c.ownerId === user.id) throw new DomainError("conflict", "OWN_SPLIT", SPLIT_MESSAGES.inviteOwnSplit);
    if (c.email && c.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new DomainError(
        "conflict",
        "WRONG_ACCOUNT",
        `This invite was sent to ${c.email.replace(/^(.).*(@.*)$/, "$1•••$2")}: sign in with that address to accept it.`,
      );
    }
    await tx
      .update(collaborators)
      .set({ acceptedUserId: user.id, acceptedAt: new Date() })
      .where(eq(collaborators.id, c.id));
    const [row] = await tx
      .select({ held: sql<number>`coalesce(sum(${royaltyEntries.amountPaise}), 0)::bigint`.mapWith(Number) })
      .from(royaltyEntries)
      .where(and(eq(royaltyEntries.collaboratorId, c.id), isNull(royaltyEntries.userId)));
    const held = row?.held ?? 0;
    if (held) {
      const month = monthOf(new Date().toISOString());
      await tx.insert(royaltyEntries).values([
        { userId: null, collaboratorId: c.id, kind: "escrow_release", amountPaise: -held, month },
        { userId: user.id, collaboratorId: c.id, kind: "escrow_release", amountPaise: held, month },
      ]);
    }
    return held;
  });
  return { releasedPaise: released, message: SPLIT_MESSAGES.accepted(formatInr(released)) };
}

/** Reminds collaborators who have not accepted, 7 and 30 days after their invite, once each. */
export async function sendInviteReminders(deps: Deps, now = new Date()) {
  let sent = 0;
  for (const [index, days] of INVITE_REMINDER_DAYS.entries()) {
    const due = await deps.db
      .select({ c: collaborators, ownerName: users.name })
      .from(collaborators)
      .innerJoin(users, eq(users.id, collaborators.ownerId))
      .where(
        and(
          isNull(collaborators.acceptedUserId),
          eq(collaborators.remindersSent, index),
          sql`${collaborators.invitedAt} <= ${new Date(now.getTime() - days * 86_400_000)}`,
        ),
      )
      .limit(500);
    for (const { c, ownerName } of due) {
      // Claimed by the update, so two servers never send the same reminder.
      const [claimed] = await deps.db
        .update(collaborators)
        .set({ remindersSent: index + 1 })
        .where(and(eq(collaborators.id, c.id), eq(collaborators.remindersSent, index)))
        .returning({ id: collaborators.id });
      if (!claimed || !c.email) continue;
      await sendInvite(deps, {
        to: c.email,
        name: c.name,
        ownerName,
        title: "your shared songs",
        token: deps.encryptor.decrypt(c.inviteTokenEncrypted),
        reminder: true,
      });
      sent += 1;
    }
  }
  return sent;
}
