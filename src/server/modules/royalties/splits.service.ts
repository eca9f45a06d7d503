// Split sheets, collaborators and their invites (issue 19). A sheet version is written once and never
// edited; a collaborator's money is held in escrow until they accept, then released to them once.

import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { monthOf, todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { formatInr } from "#domain/money";
import { safeSenderName } from "#domain/outbound-text";
import {
  bpToPercent,
  INVITE_CODE_MAX_ATTEMPTS,
  INVITE_CODE_MINUTES,
  INVITE_CODES_PER_DAY,
  INVITE_LIMITS,
  INVITE_REMINDER_DAYS,
  maskContact,
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
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";
import { inLocale } from "#server/lib/i18n";
import { localeForAddress } from "#server/lib/reader-locale";
import type { TextMessenger } from "#server/mail/text-messages";

type Deps = Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db; encryptor: Encryptor; texts?: TextMessenger };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const inviteUrl = (publicUrl: string, token: string, email?: string | null) =>
  `${publicUrl.replace(/\/$/, "")}/app/invite/${token}${email ? `?email=${encodeURIComponent(email)}` : ""}`;

async function ownedRelease(db: Db, userId: string, releaseId: string) {
  const [release] = await db
    .select({ id: releases.id, title: releases.title, artistName: releases.artistName })
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.userId, userId)));
  if (!release) throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
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
  const today = todayIst();
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
  actor: AuditActor,
) {
  const { db } = deps;
  const parsed = splitSheetSchema.parse(input);
  await ownedRelease(db, userId, releaseId);
  const releaseTracks = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  if (!releaseTracks.some((t) => t.id === trackId))
    throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.notYourTrack);
  const today = todayIst();
  if (parsed.effectiveFrom < today) {
    throw new DomainError("invalid", "PAST_EFFECTIVE_FROM", SPLIT_MESSAGES.pastEffectiveFrom, {
      fields: { effectiveFrom: SPLIT_MESSAGES.pastEffectiveFrom },
    });
  }
  const invites: { email: string | null; name: string; token: string }[] = [];
  await db.transaction(async (tx) => {
    await enforceInviteLimits(tx, userId, parsed.collaborators);
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
    await recordAudit(tx, {
      workspaceId: userId,
      actor,
      kind: "split",
      action: "saved",
      subjectId: releaseId,
      summary: [
        "audit.s.splitSaved",
        { from: parsed.effectiveFrom, shares: parsed.collaborators.map((c) => `${c.name} ${c.percent}%`).join(", ") },
      ],
      after: {
        effectiveFrom: parsed.effectiveFrom,
        allTracks: parsed.applyToAllTracks ?? false,
        shares: parsed.collaborators.map((c) => ({ name: c.name, role: c.role, percent: c.percent })),
      },
    });
  });
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  for (const invite of invites) {
    if (!invite.email) continue;
    await sendInvite(deps, { to: invite.email, ownerId: userId, ownerName: owner?.name ?? "", token: invite.token });
  }
  const splits = await getSplits(deps, userId, releaseId);
  return { ...splits, pendingInvites: splits.collaborators.filter((c) => !c.accepted).length };
}

/**
 * Invites reach people who never asked for them, so they are bounded per sender and per recipient,
 * counted in the database under a lock per sender and per recipient (several processes, parallel
 * requests). Only new collaborators are counted: they are the ones who get a mail.
 */
async function enforceInviteLimits(
  tx: Db,
  ownerId: string,
  rows: readonly { isOwner: boolean; email: string; phone: string }[],
) {
  const contacts = rows
    .filter((c) => !c.isOwner)
    .map((c) => (c.email ? { email: c.email, phone: null } : { email: null, phone: normaliseIndianMobile(c.phone) }));
  const fresh: typeof contacts = [];
  for (const c of contacts) {
    const [known] = await tx
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(
        and(
          eq(collaborators.ownerId, ownerId),
          c.email ? eq(collaborators.email, c.email) : eq(collaborators.phone, c.phone ?? ""),
        ),
      );
    if (!known) fresh.push(c);
  }
  if (!fresh.length) return;
  const keys = [`invites:${ownerId}`, ...fresh.map((c) => `invitee:${c.email ?? c.phone}`)].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const since = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const [sent] = await tx
    .select({
      hour: sql<number>`count(*) filter (where ${collaborators.invitedAt} > ${since(1)})`.mapWith(Number),
      day: sql<number>`count(*)`.mapWith(Number),
    })
    .from(collaborators)
    .where(and(eq(collaborators.ownerId, ownerId), sql`${collaborators.invitedAt} > ${since(24)}`));
  if (
    (sent?.hour ?? 0) + fresh.length > INVITE_LIMITS.perAccountPerHour ||
    (sent?.day ?? 0) + fresh.length > INVITE_LIMITS.perAccountPerDay
  ) {
    throw new DomainError("too_many", "INVITE_LIMIT", SPLIT_MESSAGES.inviteLimitAccount);
  }
  for (const c of fresh) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(collaborators)
      .where(
        and(
          c.email ? eq(collaborators.email, c.email) : eq(collaborators.phone, c.phone ?? ""),
          sql`${collaborators.invitedAt} > ${since(24)}`,
        ),
      );
    if ((row?.n ?? 0) >= INVITE_LIMITS.perRecipientPerDay) {
      const contact = c.email ?? c.phone ?? "";
      throw new DomainError("too_many", "INVITE_LIMIT_RECIPIENT", SPLIT_MESSAGES.inviteLimitRecipient(contact), {
        fields: { email: SPLIT_MESSAGES.inviteLimitRecipient(contact) },
      });
    }
  }
}

/**
 * The invite mail carries none of the sender's free text but their name, cut short and stripped of
 * anything that reads as a link (issue 33): release titles and the collaborator's name as the owner
 * typed them are shown on the invite page, after the link is opened.
 */
async function sendInvite(
  deps: Pick<Deps, "db" | "mailer" | "logger" | "publicUrl">,
  invite: { to: string; ownerId: string; ownerName: string; token: string; reminder?: boolean },
) {
  // The address rides along so that registering from the link fills it in.
  const link = inviteUrl(deps.publicUrl, invite.token, invite.to);
  const sender = safeSenderName(invite.ownerName);
  const locale = await localeForAddress(deps.db, invite.to, invite.ownerId);
  try {
    await deps.mailer.send(
      inLocale(locale, () => ({
        to: invite.to,
        subject: t(invite.reminder ? "email.splitInvite.reminderSubject" : "email.splitInvite.subject", { sender }),
        text: t("email.splitInvite.body", { sender, link }),
      })),
    );
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
    emailHint: row.c.email ? maskContact(row.c.email) : null,
    /** Where a code proving the invite is yours would go. */
    contactHint: maskContact(row.c.email ?? row.c.phone ?? ""),
  };
}

/**
 * The invite a link names, locked for this transaction, if it is still open to this account: not
 * accepted yet, and not the release owner's own.
 */
async function openInviteFor(tx: Db, token: string, userId: string) {
  const [c] = await tx
    .select()
    .from(collaborators)
    .where(eq(collaborators.inviteTokenHash, hashToken(token)))
    .for("update");
  if (!c) throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.inviteNotFound);
  if (c.acceptedUserId) throw new DomainError("conflict", "ALREADY_ACCEPTED", SPLIT_MESSAGES.inviteAccepted);
  if (c.ownerId === userId) throw new DomainError("conflict", "OWN_SPLIT", SPLIT_MESSAGES.inviteOwnSplit);
  return c;
}

const hashCode = (code: string) => createHash("sha256").update(`invite-code:${code}`).digest();

/**
 * Sends a one-time code to the invited address (or number): holding it is what proves the invite is
 * yours (decision 020). A bounded number a day per invite; a new code replaces the last one.
 */
export async function sendAcceptCode(deps: Deps, token: string, user: { id: string }) {
  const { db } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const c = await db.transaction(async (tx) => {
    const c = await openInviteFor(tx, token, user.id);
    const now = Date.now();
    const windowOpen = c.acceptCodesWindowAt && now - c.acceptCodesWindowAt.getTime() < 86_400_000;
    const sent = windowOpen ? c.acceptCodesSent : 0;
    if (sent >= INVITE_CODES_PER_DAY) throw new DomainError("too_many", "CODE_LIMIT", SPLIT_MESSAGES.codeLimit);
    await tx
      .update(collaborators)
      .set({
        acceptCodeHash: hashCode(code).toString("hex"),
        acceptCodeExpiresAt: new Date(now + INVITE_CODE_MINUTES * 60_000),
        acceptCodeAttempts: 0,
        acceptCodesSent: sent + 1,
        acceptCodesWindowAt: windowOpen ? c.acceptCodesWindowAt : new Date(now),
      })
      .where(eq(collaborators.id, c.id));
    return c;
  });
  const locale = await localeForAddress(deps.db, c.email ?? "", c.ownerId);
  const [subject, message] = inLocale(locale, () => [
    t("email.inviteCode.subject"),
    t("email.inviteCode.body", { code, minutes: INVITE_CODE_MINUTES }),
  ]);
  if (c.email) {
    await deps.mailer.send({ to: c.email, subject, text: message });
  } else if (c.phone && deps.texts) {
    try {
      await deps.texts.send({ to: c.phone, text: message });
    } catch (err) {
      deps.logger.error({ err }, "could not send an invite code by SMS");
      throw new DomainError("unavailable", "SMS_FAILED", SPLIT_MESSAGES.smsFailed);
    }
  }
  const hint = maskContact(c.email ?? c.phone ?? "");
  return { sentTo: hint, message: SPLIT_MESSAGES.codeSent(hint) };
}

/**
 * The collaborator accepts with their own account: the invite is claimed once, and what escrow held
 * for them is released to their balance in the same transaction (two entries that sum to zero).
 *
 * A matching string is no proof (anyone may register any address while verification is off, and the
 * owner holds the link): the account must have verified the invited address, or give the one-time code
 * sent to the invited address or number (decision 020). The owner's own account never accepts.
 */
export async function acceptInvite(
  deps: Deps,
  token: string,
  user: { id: string; email: string; emailVerified: boolean },
  code?: string,
) {
  const { db } = deps;
  const outcome = await db.transaction(async (tx) => {
    const c = await openInviteFor(tx, token, user.id);
    const hint = maskContact(c.email ?? c.phone ?? "");
    if (code) {
      const expected = c.acceptCodeHash ? Buffer.from(c.acceptCodeHash, "hex") : null;
      const valid =
        expected !== null &&
        c.acceptCodeExpiresAt !== null &&
        c.acceptCodeExpiresAt.getTime() > Date.now() &&
        c.acceptCodeAttempts < INVITE_CODE_MAX_ATTEMPTS &&
        timingSafeEqual(expected, hashCode(code.trim()));
      if (!valid) {
        // The wrong guess is counted even though the request fails: it is written before the refusal.
        await tx
          .update(collaborators)
          .set({ acceptCodeAttempts: sql`${collaborators.acceptCodeAttempts} + 1` })
          .where(eq(collaborators.id, c.id));
        return {
          refused: new DomainError("forbidden", "CODE_WRONG", SPLIT_MESSAGES.codeWrong, {
            fields: { code: SPLIT_MESSAGES.codeWrong },
          }),
        };
      }
    } else {
      const sameAddress = c.email !== null && c.email.toLowerCase() === user.email.toLowerCase();
      if (c.email && !sameAddress) {
        return { refused: new DomainError("conflict", "WRONG_ACCOUNT", SPLIT_MESSAGES.wrongAccount(hint)) };
      }
      if (!sameAddress || !user.emailVerified) {
        return { refused: new DomainError("forbidden", "PROOF_REQUIRED", SPLIT_MESSAGES.proofRequired(hint)) };
      }
    }
    await tx
      .update(collaborators)
      .set({ acceptedUserId: user.id, acceptedAt: new Date(), acceptCodeHash: null, acceptCodeExpiresAt: null })
      .where(eq(collaborators.id, c.id));
    const [row] = await tx
      .select({ held: sql<number>`coalesce(sum(${royaltyEntries.amountPaise}), 0)::bigint`.mapWith(Number) })
      .from(royaltyEntries)
      .where(and(eq(royaltyEntries.collaboratorId, c.id), isNull(royaltyEntries.userId)));
    const held = row?.held ?? 0;
    if (held) {
      const month = monthOf(todayIst());
      await tx.insert(royaltyEntries).values([
        { userId: null, collaboratorId: c.id, kind: "escrow_release", amountPaise: -held, month },
        { userId: user.id, collaboratorId: c.id, kind: "escrow_release", amountPaise: held, month },
      ]);
    }
    return { released: held };
  });
  if ("refused" in outcome) throw outcome.refused;
  const released = outcome.released;
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
        ownerId: c.ownerId,
        ownerName,
        token: deps.encryptor.decrypt(c.inviteTokenEncrypted),
        reminder: true,
      });
      sent += 1;
    }
  }
  return sent;
}
