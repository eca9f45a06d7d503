import { useState } from "react";
import { firstIssueMessage } from "#domain/auth";
import { RELEASE_STATUS_LABELS, RELEASE_STATUSES, type ReleaseStatus, releaseMetadataSchema } from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useEditRelease } from "#web/features/releases/api/update-admin-release";

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
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = releaseMetadataSchema.safeParse(form);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
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
            <Input id="e-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-artist">Artist Name</Label>
            <Input
              id="e-artist"
              value={form.artistName}
              onChange={(e) => setForm({ ...form, artistName: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-date">Release Date</Label>
            <Input
              id="e-date"
              type="date"
              value={form.releaseDate}
              onChange={(e) => setForm({ ...form, releaseDate: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-status">Status</Label>
            <Select
              id="e-status"
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as ReleaseStatus })}
            >
              {RELEASE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {RELEASE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="e-upc">UPC/EAN</Label>
            <Input id="e-upc" value={form.upcEan} onChange={(e) => setForm({ ...form, upcEan: e.target.value })} />
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
