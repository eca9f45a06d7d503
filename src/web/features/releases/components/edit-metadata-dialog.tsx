import { useState } from "react";
import { RELEASE_STATUS_LABELS, RELEASE_STATUSES, type ReleaseStatus, releaseMetadataSchema } from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useEditRelease } from "#web/features/releases/api/update-admin-release";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const EDIT_FIELDS = ["title", "artistName", "releaseDate", "status", "upcEan"] as const;
const EDIT_IDS: Record<(typeof EDIT_FIELDS)[number], string> = {
  title: "e-title",
  artistName: "e-artist",
  releaseDate: "e-date",
  status: "e-status",
  upcEan: "e-upc",
};

export function EditMetadataDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
  const t = useT();
  const edit = useEditRelease();
  const [form, setForm] = useState({
    title: release.title,
    artistName: release.artistName,
    releaseDate: release.releaseDate,
    status: release.status as ReleaseStatus,
    upcEan: release.upcEan ?? "",
  });
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(EDIT_FIELDS, (field) => EDIT_IDS[field]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = releaseMetadataSchema.safeParse(form);
    setError(null);
    if (!parsed.success) return fields.show(parsed.error, form);
    fields.clear();
    try {
      await edit.mutateAsync({ id: release.id, ...parsed.data });
      toast({ title: t("adminRel.updated"), description: parsed.data.title });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("adminRel.editMetadata")}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="e-title" label={t("qcView.titleCol")} error={fields.errors.title} announce>
            {(control) => (
              <Input {...control} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
            )}
          </FormField>
          <FormField id="e-artist" label={t("adminRel.artistName")} error={fields.errors.artistName} announce>
            {(control) => (
              <Input
                {...control}
                value={form.artistName}
                onChange={(e) => setForm({ ...form, artistName: e.target.value })}
              />
            )}
          </FormField>
          <FormField id="e-date" label={t("adminRel.date")} error={fields.errors.releaseDate} announce>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={form.releaseDate}
                onChange={(e) => setForm({ ...form, releaseDate: e.target.value })}
              />
            )}
          </FormField>
          <FormField id="e-status" label={t("statement.status")} error={fields.errors.status} announce>
            {(control) => (
              <Select
                {...control}
                value={form.status}
                onChange={(e) => setForm({ ...form, status: e.target.value as ReleaseStatus })}
              >
                {RELEASE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {RELEASE_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="e-upc" label={t("adminRel.upc")} error={fields.errors.upcEan} announce>
            {(control) => (
              <Input {...control} value={form.upcEan} onChange={(e) => setForm({ ...form, upcEan: e.target.value })} />
            )}
          </FormField>
          <FormError message={error} />
          <Button type="submit" disabled={edit.isPending}>
            {t("editRelease.save")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
