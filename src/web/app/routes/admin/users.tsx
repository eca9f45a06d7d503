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
import { useSession } from "#web/lib/session";
import { useListSearch } from "#web/lib/use-list-search";

export function ManageUsersPage() {
  usePageMeta("Manage Users");
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
          description: `${u.name} is now ${u.role === "admin" ? "an artist" : "an admin"}.`,
        }),
      toastFailure("Action Failed"),
    );
  const setStatus = (u: AdminUser, to: "suspend" | "activate") =>
    action.mutateAsync({ id: u.id, action: to }).then(
      () =>
        toast({
          title: ADMIN_USER_MESSAGES.userUpdatedTitle,
          description: `${u.name} is ${to === "suspend" ? "suspended" : "active"}.`,
        }),
      toastFailure("Action Failed"),
    );

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Manage Users</h1>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add New User
        </Button>
      </div>
      <SearchInput label="Search users" placeholder="Search by name or e-mail" value={search} onChange={setSearch} />
      {editing && <EditPanel key={editing.id} user={editing} onDone={() => setEditing(null)} />}
      <DataTable
        columns={[
          { header: "Name", className: "font-medium", cell: (u) => u.name },
          { header: "Email", cell: (u) => u.email },
          {
            header: "Role",
            cell: (u) => (
              <>
                <Badge tone={u.role === "admin" ? "info" : "neutral"}>{u.role}</Badge>
              </>
            ),
          },
          {
            header: "Status",
            cell: (u) => (
              <>
                <Badge tone={u.status === "active" ? "success" : "danger"}>{u.status}</Badge>
              </>
            ),
          },
          { header: "Joined", cell: (u) => formatDate(u.createdAt) },
          { header: "Releases", cell: (u) => u.releaseCount },
          {
            header: "Subscription",
            cell: (u) => (
              <>{u.planId ? PLANS[u.planId].name : u.role === "admin" ? "—" : `${PLANS.basic_artist.name} (default)`}</>
            ),
          },
          {
            header: "Actions",
            cell: (u) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="outline" onClick={() => setEditing(u)} aria-label={`Edit ${u.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.id === me?.id}
                    onClick={() => setConfirming({ user: u, action: "role" })}
                    aria-label={`${u.role === "admin" ? "Make Artist" : "Make Admin"}: ${u.name}`}
                  >
                    {u.role === "admin" ? "Make Artist" : "Make Admin"}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.id === me?.id}
                    onClick={() =>
                      u.status === "active" ? setConfirming({ user: u, action: "suspend" }) : setStatus(u, "activate")
                    }
                    aria-label={`${u.status === "active" ? "Suspend" : "Activate"}: ${u.name}`}
                  >
                    {u.status === "active" ? "Suspend" : "Activate"}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={u.id === me?.id}
                    onClick={() => setDeleting(u)}
                    aria-label={`Delete ${u.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        loading={users.isPending}
        loadingText="Loading users…"
        emptyText="No users match your search."
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
              ? `Suspend ${confirming.user.name}?`
              : `Make ${confirming.user.name} ${confirming.user.role === "admin" ? "an artist" : "an admin"}?`
        }
        description={
          !confirming
            ? ""
            : confirming.action === "suspend"
              ? `${confirming.user.email} is signed out everywhere and cannot sign in until an admin activates the account again. Their live releases stay live.`
              : confirming.user.role === "admin"
                ? `${confirming.user.email} loses access to every admin page at once.`
                : `${confirming.user.email} can see and change every user, release, payment and report.`
        }
        confirmLabel={
          confirming?.action === "suspend"
            ? "Suspend"
            : confirming?.user.role === "admin"
              ? "Make Artist"
              : "Make Admin"
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
        title={`Delete ${deleting?.name ?? "this user"}?`}
        description="The account, its sessions, settings and tickets are deleted for good. Their releases stay, without an owner."
        confirmLabel="Delete User"
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
