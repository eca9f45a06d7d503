import { useState } from "react";
import { firstIssueMessage } from "#domain/auth";
import { ADMIN_USER_MESSAGES, addUserSchema } from "#domain/users";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useAddUser } from "#web/features/users/api/add-user";
import { useRoles } from "#web/features/users/api/get-roles";

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
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
