import { useEffect, useRef, useState } from "react";
import { ADMIN_USER_MESSAGES, editUserSchema } from "#domain/users";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast, toastFailure } from "#web/components/ui/toast";
import { useEditUser } from "#web/features/users/api/edit-user";
import type { AdminUser } from "#web/features/users/api/get-users";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const EDIT_USER_FIELDS = ["name", "email", "role"] as const;

export function EditPanel({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const t = useT();
  const edit = useEditUser();
  const [form, setForm] = useState({ name: user.name, email: user.email, role: user.role as string });
  const fields = useFieldErrors(EDIT_USER_FIELDS, (field) => `edit-${field}`);
  // The panel opens below the table: focus moves into it, to its heading, so keyboard and screen-reader
  // users land where the editing is (issue 33).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = editUserSchema.safeParse(form);
    if (!parsed.success) return fields.show(parsed.error, form);
    fields.clear();
    try {
      await edit.mutateAsync({ id: user.id, ...parsed.data });
      toast({ title: ADMIN_USER_MESSAGES.userUpdatedTitle, description: parsed.data.name });
      onDone();
    } catch (err) {
      toastFailure(ADMIN_USER_MESSAGES.updateFailedTitle)(err);
    }
  };
  return (
    <Card>
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t("adminUsers.editName", { name: user.name })}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-start">
        <FormField id="edit-name" label={t("adminUsers.fullName")} error={fields.errors.name} announce>
          {(control) => (
            <Input {...control} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          )}
        </FormField>
        <FormField id="edit-email" label={t("adminUsers.email")} error={fields.errors.email} announce>
          {(control) => (
            <Input
              {...control}
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          )}
        </FormField>
        <FormField id="edit-role" label={t("splits.role")} error={fields.errors.role} announce>
          {(control) => (
            <Select {...control} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
              <option value="artist">{t("adminUsers.role.artist")}</option>
              <option value="admin">{t("adminUsers.role.admin")}</option>
            </Select>
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={edit.isPending}>
            {t("adminUsers.save")}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("ui.cancel")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
