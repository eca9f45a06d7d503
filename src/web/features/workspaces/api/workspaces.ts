import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssignableRole, AuditKind } from "#domain/workspaces";
import { type Answer, call, client } from "#web/lib/api-client";

export type Team = Answer<typeof client.workspace.team.$get>;
export type AuditPage = Answer<typeof client.workspace.audit.$get>;

/** GET /api/workspaces: the workspaces the signed-in person belongs to. */
export const useMyWorkspaces = () =>
  useQuery({ queryKey: ["workspaces"], queryFn: () => call(client.workspaces.$get()) });

/**
 * Now acting in another workspace: everything cached belonged to the one before, so all of it is
 * dropped (but the session and `keep`) and the session read again.
 */
async function enterWorkspace(queryClient: QueryClient, keep?: string) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" && q.queryKey[0] !== keep });
  await queryClient.invalidateQueries({ queryKey: ["session"] });
}

/** POST /api/workspaces/active: act in another workspace. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.workspaces.active.$post({ json: { id } })),
    onSuccess: () => enterWorkspace(queryClient),
  });
}

const teamKey = ["workspace-team"] as const;

export const useTeam = (enabled = true) =>
  useQuery({ queryKey: teamKey, queryFn: () => call(client.workspace.team.$get()), enabled });

function useTeamMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKey });
      await queryClient.invalidateQueries({ queryKey: ["workspace-audit"] });
      await queryClient.invalidateQueries({ queryKey: ["session"] });
      await queryClient.invalidateQueries({ queryKey: ["workspaces"] });
    },
  });
}

export const useInvite = () =>
  useTeamMutation((input: { email: string; role: AssignableRole }) =>
    call(client.workspace.invitations.$post({ json: input })),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => call(client.workspace.invitations[":id"].$delete({ param: { id } })));
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: AssignableRole }) =>
    call(client.workspace.members[":userId"].$patch({ param: { userId }, json: { role } })),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) => call(client.workspace.members[":userId"].$delete({ param: { userId } })));
export const useTransferOwnership = () =>
  useTeamMutation((userId: string) => call(client.workspace.transfer.$post({ json: { userId } })));
export const useRenameWorkspace = () =>
  useTeamMutation((name: string) => call(client.workspace.$patch({ json: { name } })));

/** GET /api/workspace-invitations/:token: what an invitation offers. */
export const useWorkspaceInvitation = (token: string) =>
  useQuery({
    queryKey: ["workspace-invitation", token],
    queryFn: () => call(client["workspace-invitations"][":token"].$get({ param: { token } })),
    retry: false,
  });

export function useAcceptWorkspaceInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client["workspace-invitations"][":token"].accept.$post({ param: { token } })),
    // The invitation itself stays: its page says it was accepted.
    onSuccess: () => enterWorkspace(queryClient, "workspace-invitation"),
  });
}

/** GET /api/workspace/audit: the active workspace's audit log, a page at a time. */
export const useAuditLog = (filters: { kind?: AuditKind; actor?: string; artist?: string; page: number }) =>
  useQuery({
    queryKey: ["workspace-audit", filters],
    queryFn: () =>
      call(
        client.workspace.audit.$get({
          query: {
            page: String(filters.page),
            ...(filters.kind ? { kind: filters.kind } : {}),
            ...(filters.actor ? { actor: filters.actor } : {}),
            ...(filters.artist ? { artist: filters.artist } : {}),
          },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export type AdminWorkspace = Answer<typeof client.admin.workspaces.$get>["workspaces"][number];

/** GET /api/admin/workspaces: every workspace with its plan, owner and size (Kalrav admins). */
export const useAdminWorkspaces = (q: string) =>
  useQuery({
    queryKey: ["admin", "workspaces", q],
    queryFn: () => call(client.admin.workspaces.$get({ query: q ? { q } : {} })),
    placeholderData: (previous) => previous,
  });

/** GET /api/admin/audit: one workspace's audit log, as Kalrav admins read it. */
export const useAdminAuditLog = (workspace: string | null, page: number) =>
  useQuery({
    queryKey: ["admin", "audit", workspace, page],
    queryFn: () =>
      call(client.admin.audit.$get({ query: { page: String(page), ...(workspace ? { workspace } : {}) } })),
    enabled: workspace !== null,
    placeholderData: (previous) => previous,
  });

/** PUT /api/workspace/members/:userId/artists: limit a member to some artists (null: all). */
export const useSetArtistScope = () =>
  useTeamMutation(({ userId, artistIds }: { userId: string; artistIds: string[] | null }) =>
    call(client.workspace.members[":userId"].artists.$put({ param: { userId }, json: { artistIds } })),
  );
