import { Plus } from "lucide-react";
import { useState } from "react";
import { firstIssueMessage } from "#domain/auth";
import { PLANS } from "#domain/plans";
import { ADMIN_USER_MESSAGES, addUserSchema, editUserSchema } from "#domain/users";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { SearchInput } from "#web/components/ui/search-input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useAddUser } from "#web/features/users/api/add-user";
import { useEditUser } from "#web/features/users/api/edit-user";
import { useRoles } from "#web/features/users/api/get-roles";
import { type AdminUser, useAdminUsers } from "#web/features/users/api/get-users";
import { useUserAction } from "#web/features/users/api/user-action";
import { formatDate } from "#web/lib/format";
import { useSession } from "#web/lib/session";
import { useListSearch } from "#web/lib/use-list-search";

const fail = (title: string) => (err: unknown) =>
  toast({ title, description: (err as Error).message, variant: "destructive" });

function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const roles = useRoles();
  const add = useAddUser();
  const [form, setForm] = useState({ name: "", email: "", role: "artist", password: "" });
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!roles.data?.length) return setError(`${ADMIN_USER_MESSAGES.rolesNotLoaded}: wait a moment and try again.`);
    const parsed = addUserSchema.safeParse(form);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    try {
      await add.mutateAsync(parsed.data);
      toast({ title: ADMIN_USER_MESSAGES.userCreatedTitle, description: `${parsed.data.name} can now sign in.` });
      setForm({ name: "", email: "", role: "artist", password: "" });
      onOpenChange(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add New User">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="add-name">Full Name</Label>
            <Input id="add-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-email">Email</Label>
            <Input
              id="add-email"
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-role">Role</Label>
            <Select id="add-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
              {(roles.data ?? [{ id: 0, name: "artist" }]).map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-password">Password</Label>
            <Input
              id="add-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add User"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EditPanel({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const edit = useEditUser();
  const [form, setForm] = useState({ name: user.name, email: user.email, role: user.role as string });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = editUserSchema.safeParse(form);
    if (!parsed.success) return fail(ADMIN_USER_MESSAGES.updateFailedTitle)(new Error(firstIssueMessage(parsed.error)));
    try {
      await edit.mutateAsync({ id: user.id, ...parsed.data });
      toast({ title: ADMIN_USER_MESSAGES.userUpdatedTitle, description: parsed.data.name });
      onDone();
    } catch (err) {
      fail(ADMIN_USER_MESSAGES.updateFailedTitle)(err);
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Edit {user.name}</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor="edit-name">Full Name</Label>
          <Input id="edit-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-email">Email</Label>
          <Input
            id="edit-email"
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-role">Role</Label>
          <Select id="edit-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="artist">artist</option>
            <option value="admin">admin</option>
          </Select>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={edit.isPending}>
            Save
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function ManageUsersPage() {
  usePageMeta("Manage Users");
  const { data: me } = useSession();
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
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
      fail("Action Failed"),
    );
  const setStatus = (u: AdminUser, to: "suspend" | "activate") =>
    action.mutateAsync({ id: u.id, action: to }).then(
      () =>
        toast({
          title: ADMIN_USER_MESSAGES.userUpdatedTitle,
          description: `${u.name} is ${to === "suspend" ? "suspended" : "active"}.`,
        }),
      fail("Action Failed"),
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
                    onClick={() => toggleRole(u)}
                    aria-label={`${u.role === "admin" ? "Make Artist" : "Make Admin"}: ${u.name}`}
                  >
                    {u.role === "admin" ? "Make Artist" : "Make Admin"}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.id === me?.id}
                    onClick={() => setStatus(u, u.status === "active" ? "suspend" : "activate")}
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
          }, fail(ADMIN_USER_MESSAGES.deleteFailedTitle))
        }
      />
    </div>
  );
}
