import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { todayIst } from "#domain/clock";
import { ASSIGNABLE_ROLES, AUDIT_KINDS, WORKSPACE_NAME_MAX, WORKSPACE_ROLES } from "#domain/workspaces";
import { requireAdmin, requireMember, requireUser } from "#server/auth/guards";
import { WORKSPACE_COOKIE } from "#server/auth/workspace-membership";
import type { AppEnv } from "#server/context";
import { createRouter } from "#server/lib/create-router";
import { enforceRateLimit } from "#server/lib/rate-limit";
import { cachedJson, err, json } from "#server/lib/route-helpers";
import { adminWorkspaces, auditEntries, auditQuerySchema } from "./audit.service";
import {
  acceptInvitation,
  changeRole,
  invitationPreview,
  inviteMember,
  listMyWorkspaces,
  membershipOf,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  setArtistScope,
  transferOwnership,
  workspaceTeam,
} from "./workspaces.service";

const roleEnum = z.enum(WORKSPACE_ROLES);
const activeSchema = z
  .object({ id: z.string(), name: z.string(), role: roleEnum, artistScope: z.array(z.string()).nullable() })
  .openapi("ActiveWorkspace");
const mineSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), role: roleEnum, personal: z.boolean() })),
});
const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleEnum,
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .openapi("WorkspaceInvitation");
const teamSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: roleEnum,
      /** The artists the member is limited to; null: all. */
      artistScope: z.array(z.string()).nullable(),
      joinedAt: z.iso.datetime(),
    }),
  ),
  invitations: z.array(invitationSchema),
});
const auditEntrySchema = z
  .object({
    id: z.string(),
    workspaceId: z.string().nullable(),
    workspaceName: z.string().nullable(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    kind: z.enum(AUDIT_KINDS),
    action: z.string(),
    subjectId: z.string().nullable(),
    summary: z.string(),
    /** The same by message key and values, for the reader's language; null on older entries. */
    summarySaid: z
      .tuple([z.string(), z.record(z.string(), z.union([z.string(), z.number()])).optional()])
      .readonly()
      .nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi("AuditEntry");
const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});

const userIdParams = z.object({ userId: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(10).max(200) });
const invitationIdParams = z.object({ id: z.uuid({ message: "Invitation not found." }) });
const okSchema = z.object({ ok: z.literal(true) });

const routes = {
  mine: createRoute({
    method: "get",
    path: "/workspaces",
    tags: ["Workspaces"],
    summary: "The workspaces you belong to, with your role in each",
    responses: { 200: json(mineSchema, "Workspaces"), 401: err("Signed out") },
  }),
  switch: createRoute({
    method: "post",
    path: "/workspaces/active",
    tags: ["Workspaces"],
    summary: "Act in another of your workspaces (kept in a cookie, so the choice survives a reload)",
    request: {
      body: {
        content: { "application/json": { schema: z.object({ id: z.string().min(1).max(100) }) } },
        required: true,
      },
    },
    responses: { 200: json(activeSchema, "Now active"), 401: err("Signed out"), 404: err("Not a member") },
  }),
  team: createRoute({
    method: "get",
    path: "/workspace/team",
    tags: ["Workspaces"],
    summary: "The active workspace's members and open invitations",
    responses: { 200: json(teamSchema, "Team"), 401: err("Signed out"), 403: err("Not allowed for your role") },
  }),
  rename: createRoute({
    method: "patch",
    path: "/workspace",
    tags: ["Workspaces"],
    summary: "Rename the active workspace",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              name: z
                .string()
                .trim()
                .min(1, { message: "Enter the workspace's name." })
                .max(WORKSPACE_NAME_MAX, { message: `Keep the name within ${WORKSPACE_NAME_MAX} characters.` }),
            }),
          },
        },
        required: true,
      },
    },
    responses: { 200: json(okSchema, "Renamed"), 400: err("Invalid name"), 403: err("Not allowed for your role") },
  }),
  invite: createRoute({
    method: "post",
    path: "/workspace/invitations",
    tags: ["Workspaces"],
    summary: "Invite someone by e-mail with a role; the link in the e-mail lets them register or sign in and join",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              email: z.email({ message: "Enter a valid e-mail address." }).max(254),
              role: z.enum(ASSIGNABLE_ROLES, { message: "Choose a role." }),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      201: json(z.object({ invitation: invitationSchema }), "Invitation sent"),
      400: err("Invalid input"),
      403: err("Not allowed for your role"),
      409: err("Already a member, or already invited"),
      429: err("Too many invitations"),
    },
  }),
  revoke: createRoute({
    method: "delete",
    path: "/workspace/invitations/{id}",
    tags: ["Workspaces"],
    summary: "Revoke an open invitation: its link stops working",
    request: { params: invitationIdParams },
    responses: { 200: json(okSchema, "Revoked"), 403: err("Not allowed"), 404: err("No open invitation") },
  }),
  changeRole: createRoute({
    method: "patch",
    path: "/workspace/members/{userId}",
    tags: ["Workspaces"],
    summary: "Change a member's role; it takes effect on their next request",
    request: {
      params: userIdParams,
      body: {
        content: {
          "application/json": { schema: z.object({ role: z.enum(ASSIGNABLE_ROLES, { message: "Choose a role." }) }) },
        },
        required: true,
      },
    },
    responses: {
      200: json(okSchema, "Changed"),
      400: err("Invalid role"),
      403: err("Not allowed"),
      404: err("Not a member"),
      409: err("The owner's role moves only by a transfer"),
    },
  }),
  scope: createRoute({
    method: "put",
    path: "/workspace/members/{userId}/artists",
    tags: ["Workspaces"],
    summary: "Limit a member to some of the workspace's artists (null: all); counts on their next request",
    request: {
      params: userIdParams,
      body: {
        content: {
          "application/json": {
            schema: z.object({
              artistIds: z
                .array(z.uuid({ message: "Artist not found." }))
                .max(100)
                .nullable(),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(okSchema, "Changed"),
      400: err("No artist, or one of another workspace"),
      403: err("Not allowed"),
      404: err("Not a member"),
      409: err("The owner sees every artist"),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/workspace/members/{userId}",
    tags: ["Workspaces"],
    summary: "Remove a member; they lose access on their next request",
    request: { params: userIdParams },
    responses: {
      200: json(okSchema, "Removed"),
      403: err("Not allowed"),
      404: err("Not a member"),
      409: err("The owner cannot be removed"),
    },
  }),
  leave: createRoute({
    method: "post",
    path: "/workspace/leave",
    tags: ["Workspaces"],
    summary: "Leave the active workspace (its owner hands it over first)",
    responses: { 200: json(okSchema, "Left"), 401: err("Signed out"), 409: err("The owner cannot leave") },
  }),
  transfer: createRoute({
    method: "post",
    path: "/workspace/transfer",
    tags: ["Workspaces"],
    summary: "Hand the active workspace to another member; you stay on as an admin",
    request: {
      body: {
        content: { "application/json": { schema: z.object({ userId: z.string().min(1).max(100) }) } },
        required: true,
      },
    },
    responses: {
      200: json(okSchema, "Handed over"),
      403: err("Only the owner can"),
      404: err("Not a member"),
      409: err("Already yours"),
    },
  }),
  invitation: createRoute({
    method: "get",
    path: "/workspace-invitations/{token}",
    tags: ["Workspaces"],
    summary: "What an invitation link offers: the workspace, the role and the address it was sent to",
    request: { params: tokenParams },
    responses: {
      200: json(
        z.object({
          workspaceName: z.string(),
          email: z.string(),
          role: roleEnum,
          invitedBy: z.string().nullable(),
          expiresAt: z.iso.datetime(),
        }),
        "Open invitation",
      ),
      404: err("Used, revoked or expired"),
    },
  }),
  accept: createRoute({
    method: "post",
    path: "/workspace-invitations/{token}/accept",
    tags: ["Workspaces"],
    summary: "Join the workspace with the invitation's role; it becomes the active workspace",
    request: { params: tokenParams },
    responses: {
      200: json(activeSchema, "Joined"),
      401: err("Signed out"),
      403: err("Sent to another address"),
      404: err("Used, revoked or expired"),
      409: err("Already a member"),
    },
  }),
  audit: createRoute({
    method: "get",
    path: "/workspace/audit",
    tags: ["Workspaces"],
    summary: "The active workspace's audit log, newest first, filterable by kind and person",
    request: { query: auditQuerySchema },
    responses: { 200: json(auditPageSchema, "Entries"), 403: err("Owners and admins only") },
  }),
  adminAudit: createRoute({
    method: "get",
    path: "/admin/audit",
    tags: ["Admin"],
    summary: "Every workspace's audit log, filterable by workspace, kind and person",
    request: { query: auditQuerySchema.extend({ workspace: z.string().max(100).optional() }) },
    responses: { 200: json(auditPageSchema, "Entries"), 403: err("Admins only") },
  }),
  adminWorkspaces: createRoute({
    method: "get",
    path: "/admin/workspaces",
    tags: ["Admin"],
    summary: "Workspaces with their plan, owner and member count",
    request: { query: z.object({ q: z.string().trim().max(100).optional() }) },
    responses: {
      200: json(
        z.object({
          workspaces: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              plan: z.string().nullable(),
              owner: z.string().nullable(),
              members: z.number().int(),
              createdAt: z.iso.datetime(),
            }),
          ),
        }),
        "Workspaces",
      ),
      403: err("Admins only"),
    },
  }),
};

const INVITE_RATE_LIMIT = { name: "workspace-invite", max: 30, windowSeconds: 3600 };

/** Remembers the chosen workspace in the browser; the server checks membership on every request. */
function rememberWorkspace(c: Context<AppEnv>, id: string) {
  const secure = new URL(c.get("deps").publicUrl).protocol === "https:";
  c.header(
    "Set-Cookie",
    `${WORKSPACE_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${400 * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}

const actorOf = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });
const iso = (d: Date) => d.toISOString();

export const workspacesRouter = createRouter()
  .openapi(routes.mine, async (c) => {
    const user = await requireUser(c);
    return c.json({ workspaces: await listMyWorkspaces(c.get("deps").database.db, user.id) }, 200);
  })
  .openapi(routes.switch, async (c) => {
    const user = await requireUser(c);
    const active = await membershipOf(c.get("deps").database.db, user.id, c.req.valid("json").id);
    rememberWorkspace(c, active.id);
    return c.json(active, 200);
  })
  .openapi(routes.team, async (c) => {
    const { workspace } = await requireMember(c, "members:manage");
    const team = await workspaceTeam(c.get("deps").database.db, workspace.id);
    return c.json(
      {
        workspace: team.workspace,
        members: team.members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
        invitations: team.invitations.map((i) => ({ ...i, expiresAt: iso(i.expiresAt), createdAt: iso(i.createdAt) })),
      },
      200,
    );
  })
  .openapi(routes.rename, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    await renameWorkspace(c.get("deps").database.db, actorOf(user), workspace.id, c.req.valid("json").name);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.invite, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    const input = c.req.valid("json");
    await enforceRateLimit(c, INVITE_RATE_LIMIT, workspace.id);
    const deps = c.get("deps");
    const invitation = await inviteMember(
      { db: deps.database.db, mailer: deps.mailer, publicUrl: deps.publicUrl },
      actorOf(user),
      workspace.id,
      input,
    );
    return c.json(
      { invitation: { ...invitation, expiresAt: iso(invitation.expiresAt), createdAt: iso(invitation.createdAt) } },
      201,
    );
  })
  .openapi(routes.revoke, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    await revokeInvitation(c.get("deps").database.db, actorOf(user), workspace.id, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.changeRole, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    const { userId } = c.req.valid("param");
    await changeRole(c.get("deps").database.db, actorOf(user), workspace.id, userId, c.req.valid("json").role);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.scope, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    const { userId } = c.req.valid("param");
    await setArtistScope(c.get("deps").database.db, actorOf(user), workspace.id, userId, c.req.valid("json").artistIds);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const { user, workspace } = await requireMember(c, "members:manage");
    await removeMember(c.get("deps").database.db, actorOf(user), workspace.id, c.req.valid("param").userId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.leave, async (c) => {
    const user = await requireUser(c);
    if (!user.workspace) return c.json({ ok: true as const }, 200);
    await removeMember(c.get("deps").database.db, actorOf(user), user.workspace.id, user.id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.transfer, async (c) => {
    const { user, workspace } = await requireMember(c, "workspace:transfer");
    await transferOwnership(c.get("deps").database.db, actorOf(user), workspace.id, c.req.valid("json").userId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.invitation, async (c) => {
    const preview = await invitationPreview(c.get("deps").database.db, c.req.valid("param").token);
    c.header("Cache-Control", "no-store");
    return c.json({ ...preview, expiresAt: iso(preview.expiresAt) }, 200);
  })
  .openapi(routes.accept, async (c) => {
    const user = await requireUser(c);
    const joined = await acceptInvitation(c.get("deps").database.db, user, c.req.valid("param").token);
    rememberWorkspace(c, joined.id);
    return c.json(joined, 200);
  })
  .openapi(routes.audit, async (c) => {
    const { workspace } = await requireMember(c, "audit:read");
    return c.json(
      await auditEntries(c.get("deps").database.db, { ...c.req.valid("query"), workspace: workspace.id }),
      200,
    );
  })
  .openapi(routes.adminAudit, async (c) => {
    await requireAdmin(c);
    return c.json(await auditEntries(c.get("deps").database.db, c.req.valid("query")), 200);
  })
  .openapi(routes.adminWorkspaces, async (c) => {
    await requireAdmin(c);
    const { q } = c.req.valid("query");
    // Kept while nothing it reads changes (decision 040); the plan in force depends on the day.
    const key = `admin-workspaces ${JSON.stringify([q])} ${todayIst()}`;
    return cachedJson(c, key, ["workspaces", "workspace_members", "users", "subscriptions"], async () => ({
      workspaces: await adminWorkspaces(c.get("deps").database.db, q),
    }));
  });
