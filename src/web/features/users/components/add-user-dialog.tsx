import { useState } from "react";
import { ADMIN_USER_MESSAGES, addUserSchema } from "#domain/users";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useAddUser } from "#web/features/users/api/add-user";
import { useRoles } from "#web/features/users/api/get-roles";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const ADD_USER_FIELDS = ["name", "email", "role", "password"] as const;

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT();
  const roles = useRoles();
  const add = useAddUser();
  const [form, setForm] = useState({ name: "", email: "", role: "artist", password: "" });
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(ADD_USER_FIELDS, (field) => `add-${field}`);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!roles.data?.length)
      return setError(t("adminUsers.waitRoles", { message: ADMIN_USER_MESSAGES.rolesNotLoaded }));
    const parsed = addUserSchema.safeParse(form);
    setError(null);
    if (!parsed.success) return fields.show(parsed.error, form, ADMIN_USER_MESSAGES.allRequired);
    fields.clear();
    try {
      await add.mutateAsync(parsed.data);
      toast({
        title: ADMIN_USER_MESSAGES.userCreatedTitle,
        description: t("adminUsers.canSignIn", { name: parsed.data.name }),
      });
      setForm({ name: "", email: "", role: "artist", password: "" });
      onOpenChange(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("adminUsers.add")}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="add-name" label={t("adminUsers.fullName")} error={fields.errors.name} announce>
            {(control) => (
              <Input {...control} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            )}
          </FormField>
          <FormField id="add-email" label={t("adminUsers.email")} error={fields.errors.email} announce>
            {(control) => (
              <Input
                {...control}
                type="email"
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            )}
          </FormField>
          <FormField id="add-role" label={t("splits.role")} error={fields.errors.role} announce>
            {(control) => (
              <Select {...control} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
                {(roles.data ?? [{ id: 0, name: "artist" }]).map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.name === "admin" || r.name === "artist" ? t(`adminUsers.role.${r.name}`) : r.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="add-password" label={t("adminUsers.password")} error={fields.errors.password} announce>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
            )}
          </FormField>
          <FormError message={error} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t("adminUsers.adding") : t("adminUsers.addUser")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
