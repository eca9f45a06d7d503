// Workspaces, members, invitations and ownership (issue 35): the rules, without HTTP.

import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { t } from "#domain/i18n";
import { safeSenderName } from "#domain/outbound-text";
import {
  type AssignableRole,
  INVITATION_DAYS,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLE_LABELS,
  type WorkspaceRole,
} from "#domain/workspaces";
import type { ActiveWorkspace } from "#server/auth/session-user";
import type { Db, Tx } from "#server/db/client";
import { artistProfiles, users, workspaceInvitations, workspaceMembers, workspaces } from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { inLocale } from "#server/lib/i18n";
import { localeForAddress } from "#server/lib/reader-locale";
import type { Mailer } from "#server/mail/mailer";

export interface WorkspaceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const notFound = (message: string = WORKSPACE_MESSAGES.memberNotFound) =>
  new DomainError("not_found", "NOT_FOUND", message);
const conflict = (code: string, message: string) => new DomainError("conflict", code, message);

/** Every workspace the person belongs to, their personal one first. */
export async function listMyWorkspaces(db: Db, userId: string) {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.id} = ${userId} desc`, asc(workspaces.name));
  return rows.map((r) => ({ ...r, personal: r.id === userId }));
}

/** The person's membership of one workspace; a workspace they are not in is "not found". */
export async function membershipOf(db: Db, userId: string, workspaceId: string): Promise<ActiveWorkspace> {
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      artistScope: workspaceMembers.artistScope,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)));
  if (!row) throw notFound(WORKSPACE_MESSAGES.notMember);
  return row;
}

/** The workspace's team: members with their roles, and the invitations still open. */
export async function workspaceTeam(db: Db, workspaceId: string, now = new Date()) {
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw notFound();
  const members = await db
    .select({
      userId: workspaceMembers.userId,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      artistScope: workspaceMembers.artistScope,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt));
  const invitations = await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      expiresAt: workspaceInvitations.expiresAt,
      createdAt: workspaceInvitations.createdAt,
    })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.status, "pending"),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
  return { workspace, members, invitations };
}

export async function renameWorkspace(db: Db, actor: AuditActor, workspaceId: string, name: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    if (!before) throw notFound();
    if (before.name === name) return;
    await tx.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "workspace",
      action: "renamed",
      subjectId: workspaceId,
      summary: ["audit.s.renamed", { name }],
      before: { name: before.name },
      after: { name },
    });
  });
}

/**
 * Invites an address to the workspace with a role, by e-mail: the link carries a token only the mail
 * has (we keep its hash). Refused for a member, or an address with an invitation still open.
 */
export async function inviteMember(
  deps: WorkspaceDeps,
  actor: AuditActor,
  workspaceId: string,
  input: { email: string; role: AssignableRole },
  now = new Date(),
) {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const invitation = await deps.db.transaction(async (tx) => {
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    if (!workspace) throw notFound();
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), sql`lower(${users.email}) = ${email}`));
    if (member) throw conflict("ALREADY_MEMBER", WORKSPACE_MESSAGES.alreadyMember);
    // An invitation that ran out no longer holds the address.
    await tx
      .update(workspaceInvitations)
      .set({ status: "expired" })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.status, "pending"),
          lte(workspaceInvitations.expiresAt, now),
        ),
      );
    const [open] = await tx
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.status, "pending"),
          sql`lower(${workspaceInvitations.email}) = ${email}`,
        ),
      );
    if (open) throw conflict("ALREADY_INVITED", WORKSPACE_MESSAGES.alreadyInvited);
    const [created] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      })
      .returning();
    if (!created) throw new Error("invitation insert returned nothing");
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "invitation",
      action: "sent",
      subjectId: created.id,
      summary: ["audit.s.invited", { email, role: input.role }],
      after: { email, role: input.role },
    });
    return { ...created, workspaceName: workspace.name };
  });
  const link = `${deps.publicUrl}/app/join/${token}?email=${encodeURIComponent(email)}`;
  const locale = await localeForAddress(deps.db, email, actor.id);
  await deps.mailer.send(
    inLocale(locale, () => {
      const values = {
        sender: safeSenderName(actor.name, t("email.someone")),
        workspace: invitation.workspaceName,
        role: WORKSPACE_ROLE_LABELS[input.role],
        days: INVITATION_DAYS,
        link,
      };
      return { to: email, subject: t("email.invite.subject", values), text: t("email.invite.body", values) };
    }),
  );
  return {
    id: invitation.id,
    email,
    role: input.role,
    expiresAt: invitation.expiresAt,
    createdAt: invitation.createdAt,
  };
}

/** An open invitation by its link's token, or the reason it cannot be used. */
async function openInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      status: workspaceInvitations.status,
      expiresAt: workspaceInvitations.expiresAt,
      invitedBy: users.name,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)));
  if (row?.status !== "pending" || row.expiresAt <= now) {
    throw new DomainError("not_found", "INVITATION_GONE", WORKSPACE_MESSAGES.invitationGone);
  }
  return row;
}

/** What the invitation's page shows before anyone signs in. */
export async function invitationPreview(db: Db, token: string, now = new Date()) {
  const row = await openInvitation(db, token, now);
  return {
    workspaceName: row.workspaceName,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt,
  };
}

/** The signed-in person takes the invitation sent to their address: they join with its role. */
export async function acceptInvitation(
  db: Db,
  person: AuditActor & { email: string },
  token: string,
  now = new Date(),
): Promise<ActiveWorkspace> {
  const invitation = await openInvitation(db, token, now);
  if (invitation.email.toLowerCase() !== person.email.toLowerCase()) {
    throw new DomainError(
      "forbidden",
      "INVITATION_OTHER_EMAIL",
      WORKSPACE_MESSAGES.invitationOtherEmail(invitation.email),
    );
  }
  return db.transaction(async (tx) => {
    // Taken once: a second accept (another tab, a replay) finds it used.
    const [taken] = await tx
      .update(workspaceInvitations)
      .set({ status: "accepted", acceptedBy: person.id })
      .where(and(eq(workspaceInvitations.id, invitation.id), eq(workspaceInvitations.status, "pending")))
      .returning({ id: workspaceInvitations.id });
    if (!taken) throw new DomainError("not_found", "INVITATION_GONE", WORKSPACE_MESSAGES.invitationGone);
    const [joined] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId: person.id, role: invitation.role })
      .onConflictDoNothing()
      .returning();
    if (!joined) throw conflict("ALREADY_MEMBER", WORKSPACE_MESSAGES.alreadyMember);
    await recordAudit(tx, {
      workspaceId: invitation.workspaceId,
      actor: person,
      kind: "member",
      action: "joined",
      subjectId: person.id,
      summary: ["audit.s.joined", { name: person.name, role: invitation.role }],
      after: { email: invitation.email, role: invitation.role },
    });
    return { id: invitation.workspaceId, name: invitation.workspaceName, role: invitation.role, artistScope: null };
  });
}

export async function revokeInvitation(db: Db, actor: AuditActor, workspaceId: string, invitationId: string) {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(workspaceInvitations)
      .set({ status: "revoked" })
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.status, "pending"),
        ),
      )
      .returning();
    if (!revoked) throw new DomainError("not_found", "INVITATION_GONE", WORKSPACE_MESSAGES.invitationGone);
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "invitation",
      action: "revoked",
      subjectId: invitationId,
      summary: ["audit.s.inviteRevoked", { email: revoked.email }],
      before: { email: revoked.email, role: revoked.role },
    });
  });
}

async function lockedMember(tx: Tx, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: workspaceMembers.role, name: users.name, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for("update", { of: workspaceMembers });
  if (!row) throw notFound();
  return row;
}

/** A member's new role; the owner's role moves only by a transfer. Takes effect on their next request. */
export async function changeRole(db: Db, actor: AuditActor, workspaceId: string, userId: string, role: AssignableRole) {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, workspaceId, userId);
    if (member.role === "owner") throw conflict("OWNER_ROLE", WORKSPACE_MESSAGES.ownerRole);
    if (member.role === role) return;
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "member",
      action: "role_changed",
      subjectId: userId,
      summary: ["audit.s.roleChanged", { name: member.name, role, was: member.role }],
      before: { role: member.role },
      after: { role },
    });
  });
}

/** Removes a member (or the caller themselves: leaving). The owner cannot go: a workspace keeps its owner. */
export async function removeMember(db: Db, actor: AuditActor, workspaceId: string, userId: string) {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, workspaceId, userId);
    if (member.role === "owner") throw conflict("LAST_OWNER", WORKSPACE_MESSAGES.lastOwner);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    const leaving = userId === actor.id;
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "member",
      action: leaving ? "left" : "removed",
      subjectId: userId,
      summary: [leaving ? "audit.s.left" : "audit.s.removed", { name: member.name }],
      before: { email: member.email, role: member.role },
    });
  });
}

/** The owner hands the workspace to another member, and stays on as an admin. */
export async function transferOwnership(db: Db, actor: AuditActor, workspaceId: string, toUserId: string) {
  if (toUserId === actor.id) throw conflict("TRANSFER_TO_SELF", WORKSPACE_MESSAGES.transferToSelf);
  await db.transaction(async (tx) => {
    const current = await lockedMember(tx, workspaceId, actor.id);
    if (current.role !== "owner") {
      throw new DomainError("forbidden", "FORBIDDEN", WORKSPACE_MESSAGES.forbidden(current.role as WorkspaceRole));
    }
    const next = await lockedMember(tx, workspaceId, toUserId);
    await tx
      .update(workspaceMembers)
      .set({ role: "owner" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, toUserId)));
    await tx
      .update(workspaceMembers)
      .set({ role: "admin" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, actor.id)));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "member",
      action: "ownership_transferred",
      subjectId: toUserId,
      summary: ["audit.s.handedOver", { from: actor.name, to: next.name }],
      before: { owner: actor.id },
      after: { owner: toUserId },
    });
  });
}

/**
 * Limits a member to some of the workspace's artists (null: all of them). They then see only those
 * artists' releases, and none of the workspace-wide reports. Takes effect on their next request.
 */
export async function setArtistScope(
  db: Db,
  actor: AuditActor,
  workspaceId: string,
  userId: string,
  artistIds: string[] | null,
) {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, workspaceId, userId);
    if (member.role === "owner") throw conflict("OWNER_ROLE", WORKSPACE_MESSAGES.ownerScope);
    const ids = artistIds === null ? null : [...new Set(artistIds)];
    let names: string[] = [];
    if (ids) {
      const found = ids.length
        ? await tx
            .select({ id: artistProfiles.id, name: artistProfiles.name })
            .from(artistProfiles)
            .where(and(eq(artistProfiles.workspaceId, workspaceId), inArray(artistProfiles.id, ids)))
        : [];
      if (found.length !== ids.length || !ids.length) {
        throw new DomainError("invalid", "BAD_SCOPE", WORKSPACE_MESSAGES.badScope);
      }
      names = found.map((a) => a.name).sort();
    }
    const [before] = await tx
      .select({ scope: workspaceMembers.artistScope })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await tx
      .update(workspaceMembers)
      .set({ artistScope: ids })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "member",
      action: "scope_changed",
      subjectId: userId,
      summary: ids
        ? ["audit.s.limited", { name: member.name, artists: names.join(", ") }]
        : ["audit.s.everyArtist", { name: member.name }],
      before: { artistScope: before?.scope ?? null },
      after: { artistScope: ids },
    });
  });
}
