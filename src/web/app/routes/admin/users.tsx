import { Plus } from "lucide-react";
import { useState } from "react";
import { PLANS } from "#domain/plans";
import { ADMIN_USER_MESSAGES } from "#domain/users";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { toast, toastFailure } from "#web/components/ui/toast";
import { useEditUser } from "#web/features/users/api/edit-user";
import { type AdminUser, useAdminUsers } from "#web/features/users/api/get-users";
import { useUserAction } from "#web/features/users/api/user-action";
import { AddUserDialog } from "#web/features/users/components/add-user-dialog";
import { EditPanel } from "#web/features/users/components/edit-user-panel";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";
import { useListSearch } from "#web/lib/use-list-search";

export function ManageUsersPage() {
  const t = useT();
  usePageMeta(t("adminUsers.title"));
  const { data: me } = useSession();
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  // Role changes and suspensions ask first, naming the person and what changes for them.
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: "role" | "suspend" } | null>(null);
  const users = useAdminUsers({ q, page, pageSize: 20 });
  const edit = useEditUser();
  const action = useUserAction();

  const toggleRole = (u: AdminUser) =>
    edit.mutateAsync({ id: u.id, name: u.name, email: u.email, role: u.role === "admin" ? "artist" : "admin" }).then(
      () =>
        toast({
          title: ADMIN_USER_MESSAGES.userUpdatedTitle,
          description: t(u.role === "admin" ? "adminUsers.nowArtist" : "adminUsers.nowAdmin", { name: u.name }),
        }),
      toastFailure(t("ui.actionFailed")),
    );
  const setStatus = (u: AdminUser, to: "suspend" | "activate") =>
    action.mutateAsync({ id: u.id, action: to }).then(
      () =>
        toast({
          title: ADMIN_USER_MESSAGES.userUpdatedTitle,
          description: t(to === "suspend" ? "adminUsers.isSuspended" : "adminUsers.isActive", { name: u.name }),
        }),
      toastFailure(t("ui.actionFailed")),
    );

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("adminUsers.title")}</h1>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t("adminUsers.add")}
        </Button>
      </div>
      <SearchInput
        label={t("adminUsers.search")}
        placeholder={t("adminUsers.searchHint")}
        value={search}
        onChange={setSearch}
      />
      {editing && <EditPanel key={editing.id} user={editing} onDone={() => setEditing(null)} />}
      <DataTable
        columns={[
          { header: t("ui.col.name"), className: "font-medium", cell: (u) => u.name },
          { header: t("adminUsers.email"), cell: (u) => u.email },
          {
            header: t("ui.col.role"),
            cell: (u) => (
              <>
                <Badge tone={u.role === "admin" ? "info" : "neutral"}>
                  {t(u.role === "admin" ? "adminUsers.role.admin" : "adminUsers.role.artist")}
                </Badge>
              </>
            ),
          },
          {
            header: t("ui.col.status"),
            cell: (u) => (
              <>
                <Badge tone={u.status === "active" ? "success" : "danger"}>
                  {t(u.status === "active" ? "adminUsers.status.active" : "adminUsers.status.suspended")}
                </Badge>
              </>
            ),
          },
          { header: t("adminUsers.joined"), cell: (u) => formatDate(u.createdAt) },
          { header: t("artists.releases"), cell: (u) => u.releaseCount },
          {
            header: t("adminUsers.subscription"),
            cell: (u) => (
              <>
                {u.planId
                  ? PLANS[u.planId].name
                  : u.role === "admin"
                    ? "—"
                    : t("adminUsers.default", { plan: PLANS.basic_artist.name })}
              </>
            ),
          },
          {
            header: t("ui.col.actions"),
            cell: (u) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(u)}
                    aria-label={t("adminUsers.editName", { name: u.name })}
                  >
                    {t("qcView.editButton")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.id === me?.id}
                    onClick={() => setConfirming({ user: u, action: "role" })}
                    aria-label={t("adminUsers.actionOn", {
                      action: t(u.role === "admin" ? "adminUsers.makeArtist" : "adminUsers.makeAdmin"),
                      name: u.name,
                    })}
                  >
                    {t(u.role === "admin" ? "adminUsers.makeArtist" : "adminUsers.makeAdmin")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.id === me?.id}
                    onClick={() =>
                      u.status === "active" ? setConfirming({ user: u, action: "suspend" }) : setStatus(u, "activate")
                    }
                    aria-label={t("adminUsers.actionOn", {
                      action: t(u.status === "active" ? "adminUsers.suspend" : "adminUsers.activate"),
                      name: u.name,
                    })}
                  >
                    {t(u.status === "active" ? "adminUsers.suspend" : "adminUsers.activate")}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={u.id === me?.id}
                    onClick={() => setDeleting(u)}
                    aria-label={t("adminUsers.deleteName", { name: u.name })}
                  >
                    {t("adminUsers.delete")}
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        loading={users.isPending}
        loadingText={t("adminUsers.loading")}
        emptyText={t("adminUsers.none")}
        paging={users.data && { page: page, pageSize: users.data.pageSize, total: users.data.total, onPage: setPage }}
      />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={
          !confirming
            ? ""
            : confirming.action === "suspend"
              ? t("adminUsers.suspendQ", { name: confirming.user.name })
              : t(confirming.user.role === "admin" ? "adminUsers.makeArtistQ" : "adminUsers.makeAdminQ", {
                  name: confirming.user.name,
                })
        }
        description={
          !confirming
            ? ""
            : confirming.action === "suspend"
              ? t("adminUsers.suspendHint", { email: confirming.user.email })
              : confirming.user.role === "admin"
                ? t("adminUsers.loseAdmin", { email: confirming.user.email })
                : t("adminUsers.gainAdmin", { email: confirming.user.email })
        }
        confirmLabel={
          confirming?.action === "suspend"
            ? t("adminUsers.suspend")
            : confirming?.user.role === "admin"
              ? t("adminUsers.makeArtist")
              : t("adminUsers.makeAdmin")
        }
        pending={edit.isPending || action.isPending}
        onConfirm={() => {
          if (!confirming) return;
          const { user, action: which } = confirming;
          setConfirming(null);
          void (which === "suspend" ? setStatus(user, "suspend") : toggleRole(user));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("adminUsers.deleteQ", { name: deleting?.name ?? t("adminUsers.thisUser") })}
        description={t("adminUsers.deleteHint")}
        confirmLabel={t("adminUsers.deleteUser")}
        pending={action.isPending}
        onConfirm={() =>
          deleting &&
          action.mutateAsync({ id: deleting.id, action: "delete" }).then(() => {
            toast({ title: ADMIN_USER_MESSAGES.userDeletedTitle, description: deleting.email });
            setDeleting(null);
          }, toastFailure(ADMIN_USER_MESSAGES.deleteFailedTitle))
        }
      />
    </div>
  );
}
