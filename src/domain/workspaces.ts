import { activeLocale, type KeptSaid, labelsAt, sayKept, t } from "./i18n";

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

export const WORKSPACE_ROLE_LABELS: Readonly<Record<WorkspaceRole, string>> = labelsAt(
  "workspace.role",
  WORKSPACE_ROLES,
);

export const WORKSPACE_ROLE_DESCRIPTIONS: Readonly<Record<WorkspaceRole, string>> = labelsAt(
  "workspace.roleHint",
  WORKSPACE_ROLES,
);

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

export const WORKSPACE_MESSAGES = Object.assign(
  labelsAt("workspace.msg", [
    "notMember",
    "noWorkspace",
    "alreadyMember",
    "alreadyInvited",
    "invitationGone",
    "lastOwner",
    "ownerRole",
    "transferToSelf",
    "memberNotFound",
    "ownerScope",
    "badScope",
    "scoped",
    "personalNotLeavable",
  ]),
  {
    forbidden: (role: WorkspaceRole) => t("workspace.msg.forbidden", { role: withArticle(role) }),
    invitationOtherEmail: (email: string) => t("workspace.msg.invitationOtherEmail", { email }),
  },
);

/** "a manager", "an admin": English needs the article; Hindi has none. */
function withArticle(role: WorkspaceRole): string {
  const word = WORKSPACE_ROLE_LABELS[role];
  if (activeLocale() !== "en") return word;
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

export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = labelsAt("audit.kind", AUDIT_KINDS);

/** How a secret appears in an audit entry: that it changed, never its value. */
export const SECRET_CHANGED = "(changed)";

/** An audit entry's summary in the reader's language, or as it was written for an older entry (issue 39). */
export const auditSummary = (entry: { summary: string; summarySaid?: KeptSaid | null }): string =>
  entry.summarySaid ? sayKept(entry.summarySaid) : entry.summary;
