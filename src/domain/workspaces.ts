import { t } from "./i18n";

/**
 * Workspaces (issue 35): the owner of everything an artist or a label has. Every account has a
 * personal workspace; a label's has members, each with a role that says what they may do.
 */

export const WORKSPACE_ROLES = ["owner", "admin", "manager", "accountant", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles an invitation or a role change may give: ownership only moves by a transfer. */
export const ASSIGNABLE_ROLES = [
  "admin",
  "manager",
  "accountant",
  "viewer",
] as const satisfies readonly WorkspaceRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  get owner() {
    return t("workspace.role.owner");
  },
  get admin() {
    return t("workspace.role.admin");
  },
  get manager() {
    return t("workspace.role.manager");
  },
  get accountant() {
    return t("workspace.role.accountant");
  },
  get viewer() {
    return t("workspace.role.viewer");
  },
};

export const WORKSPACE_ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: "Everything, including the plan and handing the workspace over.",
  admin: "Everything except handing the workspace over.",
  manager: "Releases, uploads and artist profiles.",
  accountant: "Royalties, statements, payee details and payouts.",
  viewer: "Reads releases and analytics; changes nothing.",
};

/** What a member may do. Every route names one; the server asks this table and nothing else. */
export const PERMISSIONS = [
  "releases:read",
  "releases:write",
  "analytics:read",
  "royalties:read",
  "royalties:write",
  "billing:manage",
  "support:use",
  "members:manage",
  "audit:read",
  /** API keys (issue 38): create, see and revoke them. */
  "api:manage",
  /** Handing the workspace to another member: the owner's alone. */
  "workspace:transfer",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== "workspace:transfer"),
  manager: ["releases:read", "releases:write", "analytics:read", "support:use"],
  accountant: ["releases:read", "analytics:read", "royalties:read", "royalties:write", "support:use"],
  viewer: ["releases:read", "analytics:read"],
};

/**
 * What covers the whole workspace (money, plan, team, log, all-artist reports): a member limited to
 * some artists is refused it, whatever their role.
 */
export const WHOLE_WORKSPACE: readonly Permission[] = [
  "analytics:read",
  "royalties:read",
  "royalties:write",
  "billing:manage",
  "members:manage",
  "audit:read",
  "api:manage",
  "workspace:transfer",
];

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const INVITATION_STATUSES = ["pending", "accepted", "revoked", "expired"] as const;

/** What a member may do where they act: their role's permission, and a whole-workspace view only when not limited to some artists. */
export function allows(member: { role: WorkspaceRole; artistScope: readonly string[] | null }, permission: Permission) {
  return can(member.role, permission) && !(member.artistScope && WHOLE_WORKSPACE.includes(permission));
}

/** Days an invitation stays open. */
export const INVITATION_DAYS = 7;
export const WORKSPACE_NAME_MAX = 80;

export const WORKSPACE_MESSAGES = {
  forbidden: (role: WorkspaceRole) =>
    `As ${article(WORKSPACE_ROLE_LABELS[role])} in this workspace you cannot do this. Ask its owner or an admin.`,
  notMember: "You are not a member of that workspace.",
  noWorkspace: "You are not a member of any workspace. Ask for an invitation, or contact support.",
  alreadyMember: "That person is already a member of this workspace.",
  alreadyInvited: "That address already has an open invitation. Revoke it first to send a new one.",
  invitationGone: "This invitation is no longer valid: it was used, revoked or has expired. Ask for a new one.",
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  lastOwner:
    "A workspace needs an owner. Hand the workspace to another member first (Transfer ownership), then you can leave.",
  ownerRole: "Ownership moves only by a transfer, and the owner's role changes only by one.",
  transferToSelf: "You already own this workspace.",
  memberNotFound: "Member not found.",
  ownerScope: "The owner sees every artist of the workspace.",
  badScope: "Choose at least one of this workspace's artists.",
  scoped:
    "Your access is limited to some of this workspace's artists, and this covers the whole workspace. Ask its owner or an admin.",
  personalNotLeavable: "This is your personal workspace: hand it to another member before you leave it.",
} as const;

function article(word: string) {
  return /^[AEIOU]/.test(word) ? `an ${word.toLowerCase()}` : `a ${word.toLowerCase()}`;
}

/** The audit log's kinds of change (issue 35). */
export const AUDIT_KINDS = [
  "release",
  "artist",
  "split",
  "payee_details",
  "plan",
  "member",
  "invitation",
  "workspace",
  "support_access",
  "case",
  "api_key",
  "webhook",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  release: "Release",
  artist: "Artist profile",
  split: "Split",
  payee_details: "Payee details",
  plan: "Plan",
  member: "Member",
  invitation: "Invitation",
  workspace: "Workspace",
  support_access: "Kalrav support",
  case: "Store notice (case)",
  api_key: "API key",
  webhook: "Webhook endpoint",
};

/** How a secret appears in an audit entry: that it changed, never its value. */
export const SECRET_CHANGED = "(changed)";
