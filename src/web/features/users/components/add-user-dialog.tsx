import { useState } from "react";
import { ADMIN_USER_MESSAGES, addUserSchema } from "#domain/users";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FieldError } from "#web/components/ui/field-error";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useAddUser } from "#web/features/users/api/add-user";
import { useRoles } from "#web/features/users/api/get-roles";
import { useFieldErrors } from "#web/lib/field-errors";

const ADD_USER_FIELDS = ["name", "email", "role", "password"] as const;

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const roles = useRoles();
  const add = useAddUser();
  const [form, setForm] = useState({ name: "", email: "", role: "artist", password: "" });
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(ADD_USER_FIELDS, (field) => `add-${field}`);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!roles.data?.length) return setError(`${ADMIN_USER_MESSAGES.rolesNotLoaded}: wait a moment and try again.`);
    const parsed = addUserSchema.safeParse(form);
    setError(null);
    if (!parsed.success) return fields.show(parsed.error, form, ADMIN_USER_MESSAGES.allRequired);
    fields.clear();
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
            <Input
              id="add-name"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              {...fields.props("name")}
            />
            <FieldError id={fields.errorId("name")} message={fields.errors.name} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-email">Email</Label>
            <Input
              id="add-email"
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              {...fields.props("email")}
            />
            <FieldError id={fields.errorId("email")} message={fields.errors.email} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-role">Role</Label>
            <Select
              id="add-role"
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value })}
              {...fields.props("role")}
            >
              {(roles.data ?? [{ id: 0, name: "artist" }]).map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name}
                </option>
              ))}
            </Select>
            <FieldError id={fields.errorId("role")} message={fields.errors.role} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-password">Password</Label>
            <Input
              id="add-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              {...fields.props("password")}
            />
            <FieldError id={fields.errorId("password")} message={fields.errors.password} announce />
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
