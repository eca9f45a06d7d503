import { useState } from "react";
import { RELEASE_STATUS_LABELS, RELEASE_STATUSES, type ReleaseStatus, releaseMetadataSchema } from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FieldError } from "#web/components/ui/field-error";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useEditRelease } from "#web/features/releases/api/update-admin-release";
import { useFieldErrors } from "#web/lib/field-errors";

const EDIT_FIELDS = ["title", "artistName", "releaseDate", "status", "upcEan"] as const;
const EDIT_IDS: Record<(typeof EDIT_FIELDS)[number], string> = {
  title: "e-title",
  artistName: "e-artist",
  releaseDate: "e-date",
  status: "e-status",
  upcEan: "e-upc",
};

export function EditMetadataDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
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
      toast({ title: "Release updated", description: parsed.data.title });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Edit Metadata">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="e-title">Title</Label>
            <Input
              id="e-title"
              {...fields.props("title")}
              value={form.title}
              onChange={(e) => setForm({ ...form, title: e.target.value })}
            />
            <FieldError id={fields.errorId("title")} message={fields.errors.title} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-artist">Artist Name</Label>
            <Input
              id="e-artist"
              {...fields.props("artistName")}
              value={form.artistName}
              onChange={(e) => setForm({ ...form, artistName: e.target.value })}
            />
            <FieldError id={fields.errorId("artistName")} message={fields.errors.artistName} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-date">Release Date</Label>
            <Input
              id="e-date"
              {...fields.props("releaseDate")}
              type="date"
              value={form.releaseDate}
              onChange={(e) => setForm({ ...form, releaseDate: e.target.value })}
            />
            <FieldError id={fields.errorId("releaseDate")} message={fields.errors.releaseDate} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-status">Status</Label>
            <Select
              id="e-status"
              {...fields.props("status")}
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as ReleaseStatus })}
            >
              {RELEASE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {RELEASE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
            <FieldError id={fields.errorId("status")} message={fields.errors.status} announce />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-upc">UPC/EAN</Label>
            <Input
              id="e-upc"
              {...fields.props("upcEan")}
              value={form.upcEan}
              onChange={(e) => setForm({ ...form, upcEan: e.target.value })}
            />
            <FieldError id={fields.errorId("upcEan")} message={fields.errors.upcEan} announce />
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={edit.isPending}>
            Save Changes
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
