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
import { useT } from "#web/lib/i18n";
import type { SessionUser } from "#web/lib/session";

type Member = Team["members"][number];
type Pending = { kind: "remove" | "transfer"; member: Member } | null;

const failed = (title: string) => (err: Error) => toast({ title, description: err.message, variant: "destructive" });

function RenameForm({ name }: { name: string }) {
  const t = useT();
  const rename = useRenameWorkspace();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(t("team.nameRequired"));
      document.getElementById("workspace-name")?.focus();
      return;
    }
    setError(null);
    rename.mutate(value.trim(), {
      onSuccess: () => toast({ title: t("team.renamed"), description: t("team.renamedTo", { name: value.trim() }) }),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <FormField id="workspace-name" label={t("team.workspaceName")} error={error} className="min-w-0 flex-1">
        {(control) => (
          <Input {...control} value={value} maxLength={WORKSPACE_NAME_MAX} onChange={(e) => setValue(e.target.value)} />
        )}
      </FormField>
      <Button type="submit" disabled={rename.isPending}>
        {t("team.saveName")}
      </Button>
    </form>
  );
}

function InviteForm() {
  const t = useT();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("manager");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t("split.msg.badEmail"));
      document.getElementById("invite-email")?.focus();
      return;
    }
    setError(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({
            title: t("team.invited"),
            description: t("team.canJoin", { email: email.trim(), role: WORKSPACE_ROLE_LABELS[role] }),
          });
          setEmail("");
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate>
      <FormField id="invite-email" label={t("team.email")} error={error}>
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
      <FormField id="invite-role" label={t("splits.role")} hint={WORKSPACE_ROLE_DESCRIPTIONS[role]}>
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
        {t("team.send")}
      </Button>
    </form>
  );
}

/** Settings → Team (issue 35): the workspace's name, its members and their roles, and invitations. */
export function TeamTab({ user, artists }: { user: SessionUser; artists: readonly { id: string; name: string }[] }) {
  const t = useT();
  const team = useTeam();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const revoke = useRevokeInvitation();
  const [pending, setPending] = useState<Pending>(null);
  const [scoping, setScoping] = useState<Member | null>(null);
  const artistName = (id: string) => artists.find((a) => a.id === id)?.name ?? t("team.anArtist");
  const isOwner = user.workspace?.role === "owner";

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const done = () => setPending(null);
    if (kind === "remove") {
      remove.mutate(member.userId, {
        onSuccess: () => toast({ title: t("team.removed"), description: t("team.noAccess", { name: member.name }) }),
        onError: failed(t("team.removeFailed")),
        onSettled: done,
      });
    } else {
      transfer.mutate(member.userId, {
        onSuccess: () =>
          toast({
            title: t("team.handedOver"),
            description: t("team.handedOverTo", { name: member.name }),
          }),
        onError: failed(t("team.handFailed")),
        onSettled: done,
      });
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t("team.workspace")}</h2>
        {/* Mounted once the name is known; it keeps what is typed across refetches. */}
        {team.data ? <RenameForm name={team.data.workspace.name} /> : null}
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t("team.members")}</h2>
        <DataTable<Member>
          label={t("team.members")}
          className="min-w-[560px]"
          rows={team.data?.members}
          rowKey={(m) => m.userId}
          loading={team.isPending}
          error={team.isError ? team.error.message : null}
          emptyText={t("team.noMembers")}
          columns={[
            {
              header: t("ui.col.name"),
              rowHeader: true,
              cell: (m) => (m.userId === user.id ? t("splits.you", { name: m.name }) : m.name),
            },
            { header: t("splits.email"), cell: (m) => m.email },
            {
              header: t("ui.col.role"),
              cell: (m) =>
                m.role === "owner" || m.userId === user.id ? (
                  WORKSPACE_ROLE_LABELS[m.role]
                ) : (
                  <Select
                    aria-label={t("team.roleOf", { name: m.name })}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) =>
                      changeRole.mutate(
                        { userId: m.userId, role: e.target.value as AssignableRole },
                        {
                          onSuccess: () =>
                            toast({
                              title: t("team.roleChanged"),
                              description: t("team.isNow", {
                                name: m.name,
                                role: WORKSPACE_ROLE_LABELS[e.target.value as AssignableRole],
                              }),
                            }),
                          onError: failed(t("team.roleFailed")),
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
              header: t("team.artists"),
              cell: (m) => (m.artistScope ? m.artistScope.map(artistName).join(", ") : t("team.all")),
            },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (m) =>
                m.role === "owner" || m.userId === user.id ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setScoping(m)}>
                      {t("team.artists")}
                      <span className="sr-only">{t("team.worksOn", { name: m.name })}</span>
                    </Button>
                    {isOwner ? (
                      <Button size="sm" variant="outline" onClick={() => setPending({ kind: "transfer", member: m })}>
                        {t("team.makeOwner")}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" onClick={() => setPending({ kind: "remove", member: m })}>
                      {t("team.remove")}
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t("team.inviteSomeone")}</h2>
        <InviteForm />
        <h3 className="mb-2 mt-6 font-semibold">{t("team.openInvitations")}</h3>
        <DataTable
          label={t("team.openInvitations")}
          className="min-w-[480px]"
          rows={team.data?.invitations}
          rowKey={(i) => i.id}
          loading={team.isPending}
          emptyText={t("team.noInvitations")}
          columns={[
            { header: t("splits.email"), rowHeader: true, cell: (i) => i.email },
            { header: t("ui.col.role"), cell: (i) => WORKSPACE_ROLE_LABELS[i.role] },
            { header: t("team.expires"), cell: (i) => formatDateTime(i.expiresAt) },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (i) => (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(i.id, {
                      onSuccess: () =>
                        toast({ title: t("team.revoked"), description: t("team.cannotJoin", { email: i.email }) }),
                      onError: failed(t("team.revokeFailed")),
                    })
                  }
                >
                  {t("team.revoke")}
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
            ? t("team.handTo", { name: pending.member.name })
            : t("team.removeName", { name: pending?.member.name ?? "" })
        }
        description={pending?.kind === "transfer" ? t("team.handHint") : t("team.removeHint")}
        confirmLabel={pending?.kind === "transfer" ? t("team.handOver") : t("team.remove")}
        pending={remove.isPending || transfer.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
