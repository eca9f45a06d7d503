import { type FormEvent, useState } from "react";
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLE_DESCRIPTIONS,
  WORKSPACE_ROLE_LABELS,
} from "#domain/workspaces";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import {
  type Team,
  useChangeRole,
  useInvite,
  useRemoveMember,
  useRenameWorkspace,
  useRevokeInvitation,
  useTeam,
  useTransferOwnership,
} from "#web/features/workspaces/api/workspaces";
import { ArtistScopeDialog } from "#web/features/workspaces/components/artist-scope-dialog";
import { formatDateTime } from "#web/lib/format";
import type { SessionUser } from "#web/lib/session";

type Member = Team["members"][number];
type Pending = { kind: "remove" | "transfer"; member: Member } | null;

const failed = (title: string) => (err: Error) => toast({ title, description: err.message, variant: "destructive" });

function RenameForm({ name }: { name: string }) {
  const rename = useRenameWorkspace();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError("Enter the workspace's name.");
      document.getElementById("workspace-name")?.focus();
      return;
    }
    setError(null);
    rename.mutate(value.trim(), {
      onSuccess: () => toast({ title: "Workspace renamed", description: `It is now “${value.trim()}”.` }),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <FormField id="workspace-name" label="Workspace name" error={error} className="min-w-0 flex-1">
        {(control) => (
          <Input {...control} value={value} maxLength={WORKSPACE_NAME_MAX} onChange={(e) => setValue(e.target.value)} />
        )}
      </FormField>
      <Button type="submit" disabled={rename.isPending}>
        Save name
      </Button>
    </form>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("manager");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError("Enter a valid e-mail address.");
      document.getElementById("invite-email")?.focus();
      return;
    }
    setError(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({
            title: "Invitation sent",
            description: `${email.trim()} can join as ${WORKSPACE_ROLE_LABELS[role]}.`,
          });
          setEmail("");
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate>
      <FormField id="invite-email" label="E-mail address" error={error}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="invite-role" label="Role" hint={WORKSPACE_ROLE_DESCRIPTIONS[role]}>
        {(control) => (
          <Select {...control} value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {WORKSPACE_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" disabled={invite.isPending} className="sm:mb-6">
        Send invitation
      </Button>
    </form>
  );
}

/** Settings → Team (issue 35): the workspace's name, its members and their roles, and invitations. */
export function TeamTab({ user, artists }: { user: SessionUser; artists: readonly { id: string; name: string }[] }) {
  const team = useTeam();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const revoke = useRevokeInvitation();
  const [pending, setPending] = useState<Pending>(null);
  const [scoping, setScoping] = useState<Member | null>(null);
  const artistName = (id: string) => artists.find((a) => a.id === id)?.name ?? "an artist";
  const isOwner = user.workspace?.role === "owner";

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const done = () => setPending(null);
    if (kind === "remove") {
      remove.mutate(member.userId, {
        onSuccess: () => toast({ title: "Member removed", description: `${member.name} no longer has access.` }),
        onError: failed("Could not remove"),
        onSettled: done,
      });
    } else {
      transfer.mutate(member.userId, {
        onSuccess: () =>
          toast({
            title: "Ownership handed over",
            description: `${member.name} owns the workspace; you are an admin.`,
          }),
        onError: failed("Could not hand over"),
        onSettled: done,
      });
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Workspace</h2>
        {/* Mounted once the name is known; it keeps what is typed across refetches. */}
        {team.data ? <RenameForm name={team.data.workspace.name} /> : null}
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Members</h2>
        <DataTable<Member>
          label="Members"
          className="min-w-[560px]"
          rows={team.data?.members}
          rowKey={(m) => m.userId}
          loading={team.isPending}
          error={team.isError ? team.error.message : null}
          emptyText="No members yet."
          columns={[
            { header: "Name", rowHeader: true, cell: (m) => (m.userId === user.id ? `${m.name} (you)` : m.name) },
            { header: "E-mail", cell: (m) => m.email },
            {
              header: "Role",
              cell: (m) =>
                m.role === "owner" || m.userId === user.id ? (
                  WORKSPACE_ROLE_LABELS[m.role]
                ) : (
                  <Select
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) =>
                      changeRole.mutate(
                        { userId: m.userId, role: e.target.value as AssignableRole },
                        {
                          onSuccess: () =>
                            toast({
                              title: "Role changed",
                              description: `${m.name} is now ${WORKSPACE_ROLE_LABELS[e.target.value as AssignableRole]}.`,
                            }),
                          onError: failed("Could not change the role"),
                        },
                      )
                    }
                  >
                    {ASSIGNABLE_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {WORKSPACE_ROLE_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                ),
            },
            {
              header: "Artists",
              cell: (m) => (m.artistScope ? m.artistScope.map(artistName).join(", ") : "All"),
            },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (m) =>
                m.role === "owner" || m.userId === user.id ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setScoping(m)}>
                      Artists<span className="sr-only"> {m.name} works on</span>
                    </Button>
                    {isOwner ? (
                      <Button size="sm" variant="outline" onClick={() => setPending({ kind: "transfer", member: m })}>
                        Make owner
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" onClick={() => setPending({ kind: "remove", member: m })}>
                      Remove
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Invite someone</h2>
        <InviteForm />
        <h3 className="mb-2 mt-6 font-semibold">Open invitations</h3>
        <DataTable
          label="Open invitations"
          className="min-w-[480px]"
          rows={team.data?.invitations}
          rowKey={(i) => i.id}
          loading={team.isPending}
          emptyText="No open invitations."
          columns={[
            { header: "E-mail", rowHeader: true, cell: (i) => i.email },
            { header: "Role", cell: (i) => WORKSPACE_ROLE_LABELS[i.role] },
            { header: "Expires", cell: (i) => formatDateTime(i.expiresAt) },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (i) => (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(i.id, {
                      onSuccess: () =>
                        toast({ title: "Invitation revoked", description: `${i.email} can no longer join.` }),
                      onError: failed("Could not revoke"),
                    })
                  }
                >
                  Revoke
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {scoping ? <ArtistScopeDialog member={scoping} artists={artists} onClose={() => setScoping(null)} /> : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === "transfer"
            ? `Hand the workspace to ${pending.member.name}?`
            : `Remove ${pending?.member.name}?`
        }
        description={
          pending?.kind === "transfer"
            ? "They become its owner, with the plan and everything in it. You stay on as an admin; only they can hand it back."
            : "They lose access to this workspace on their next click. Their own workspace is not affected."
        }
        confirmLabel={pending?.kind === "transfer" ? "Hand over" : "Remove"}
        pending={remove.isPending || transfer.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
