import { Download, Plus } from "lucide-react";
import { useState } from "react";
import { firstIssueMessage } from "#domain/auth";
import {
  ADMIN_RELEASE_MESSAGES,
  canApplyReleaseAction,
  DEFAULT_REJECTION_NOTE,
  isHttpUrl,
  type ManualReleaseInput,
  manualReleaseSchema,
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseStatus,
  releaseMetadataSchema,
} from "#domain/releases";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { SearchInput } from "#web/components/ui/search-input";
import { Select } from "#web/components/ui/select";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { useManualRelease } from "#web/features/releases/api/create-manual-release";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useAdminReleases } from "#web/features/releases/api/get-admin-releases";
import { useReleaseAction } from "#web/features/releases/api/release-action";
import { useEditRelease } from "#web/features/releases/api/update-admin-release";
import { ReleaseReviewDialog } from "#web/features/releases/components/release-review";
import { ReleaseStatusBadge } from "#web/features/releases/components/release-status-badge";
import { formatCount, formatDate } from "#web/lib/format";
import { useListSearch } from "#web/lib/use-list-search";

const fail = (title: string) => (err: unknown) =>
  toast({ title, description: (err as Error).message, variant: "destructive" });
const EMPTY_MANUAL: Required<ManualReleaseInput> = {
  title: "",
  artistName: "",
  upcEan: "",
  releaseDate: "",
  releaseType: "single",
  genre: "",
  isExplicit: false,
  audioFileUrl: "",
  coverArtUrl: "",
};

function ManualUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useManualRelease();
  const [form, setForm] = useState(EMPTY_MANUAL);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = manualReleaseSchema.safeParse(form);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      toast({ title: "Release added", description: `"${parsed.data.title}" is pending review.` });
      setForm(EMPTY_MANUAL);
      onOpenChange(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Manual Upload"
        description="Add a release for a label or an artist without an account."
        className="max-w-2xl"
      >
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="m-title">Title *</Label>
            <Input id="m-title" value={form.title} onChange={set("title")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="m-artist">Artist Name *</Label>
            <Input id="m-artist" value={form.artistName} onChange={set("artistName")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="m-upc">UPC *</Label>
            <Input id="m-upc" inputMode="numeric" value={form.upcEan} onChange={set("upcEan")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="m-date">Release Date *</Label>
            <Input id="m-date" type="date" value={form.releaseDate} onChange={set("releaseDate")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="m-type">Release Type</Label>
            <Select id="m-type" value={form.releaseType} onChange={set("releaseType")}>
              {RELEASE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {RELEASE_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="m-genre">Genre</Label>
            <Input id="m-genre" value={form.genre} onChange={set("genre")} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="m-audio">Audio File URL</Label>
            <Input
              id="m-audio"
              type="url"
              placeholder="https://"
              value={form.audioFileUrl}
              onChange={set("audioFileUrl")}
            />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="m-art">Cover Art URL</Label>
            <Input
              id="m-art"
              type="url"
              placeholder="https://"
              value={form.coverArtUrl}
              onChange={set("coverArtUrl")}
            />
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={form.isExplicit}
              onChange={(e) => setForm({ ...form, isExplicit: e.target.checked })}
              className="h-4 w-4"
            />
            Explicit content
          </label>
          <div className="sm:col-span-2">
            <FormError message={error} />
          </div>
          <Button type="submit" disabled={create.isPending} className="sm:col-span-2">
            {create.isPending ? "Uploading..." : "Add Release"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EditMetadataDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
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

function RejectDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
  const action = useReleaseAction();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = () =>
    action.mutateAsync({ id: release.id, action: "reject", notes: notes.trim() || DEFAULT_REJECTION_NOTE }).then(
      () => {
        toast({ title: "Release rejected", description: release.title });
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={`Reject ${release.title}`}
        description="Tell the artist what to fix. Left empty, the note reads “Rejected by admin”."
      >
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="reject-notes">Note to the artist</Label>
            <Textarea id="reject-notes" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
          </div>
          <FormError message={error} />
          <Button variant="destructive" onClick={reject} disabled={action.isPending}>
            Reject Release
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function ManageReleasesPage() {
  usePageMeta("Manage Releases");
  const [status, setStatus] = useState<ReleaseStatus | "">("");
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AdminRelease | null>(null);
  const [rejecting, setRejecting] = useState<AdminRelease | null>(null);
  const [deleting, setDeleting] = useState<AdminRelease | null>(null);
  const [reviewing, setReviewing] = useState<AdminRelease | null>(null);
  const releases = useAdminReleases({ q, status, page, pageSize: 20 });
  const action = useReleaseAction();

  const run = (r: AdminRelease, a: "approve" | "take-down", done: string) =>
    action
      .mutateAsync({ id: r.id, action: a })
      .then(() => toast({ title: done, description: r.title }), fail(ADMIN_RELEASE_MESSAGES.actionFailedTitle));
  const download = (r: AdminRelease) => {
    if (!r.audioFileUrl || !isHttpUrl(r.audioFileUrl)) {
      toast({
        title: ADMIN_RELEASE_MESSAGES.actionFailedTitle,
        description: ADMIN_RELEASE_MESSAGES.downloadNotHttp,
        variant: "destructive",
      });
      return;
    }
    const link = document.createElement("a");
    link.href = r.audioFileUrl;
    link.download = "";
    link.rel = "noopener";
    link.click();
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Manage Releases</h1>
        <Button onClick={() => setUploading(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Manual Upload
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <SearchInput
          label="Search releases"
          placeholder="Title, artist, UPC or owner"
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label="Filter by status"
          className="w-48"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReleaseStatus | "");
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {RELEASE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RELEASE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <DataTable
        columns={[
          {
            header: "Title",
            className: "font-medium",
            cell: (r) => (
              <>
                {r.title}
                {!r.audioFileUrl && (
                  <Badge tone="danger" className="ml-2">
                    {ADMIN_RELEASE_MESSAGES.audioMissing}
                  </Badge>
                )}
              </>
            ),
          },
          { header: "Artist", cell: (r) => r.artistName },
          { header: "User", cell: (r) => r.ownerName ?? (r.userId ? r.userId : "Manual upload") },
          { header: "UPC", className: "font-mono text-xs", cell: (r) => r.upcEan ?? "—" },
          {
            header: "Status",
            cell: (r) => (
              <>
                <ReleaseStatusBadge status={r.status} />
              </>
            ),
          },
          { header: "Release Date", cell: (r) => formatDate(r.releaseDate) },
          { header: "Streams", cell: (r) => formatCount(r.streams) },
          {
            header: "Actions",
            cell: (r) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="outline" onClick={() => setReviewing(r)} aria-label={`Review ${r.title}`}>
                    Review
                  </Button>
                  {canApplyReleaseAction("approve", r.status) && (
                    <Button
                      size="sm"
                      onClick={() => run(r, "approve", "Release approved")}
                      aria-label={`Approve ${r.title}`}
                    >
                      Approve
                    </Button>
                  )}
                  {canApplyReleaseAction("reject", r.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setRejecting(r)}
                      aria-label={`Reject ${r.title}`}
                    >
                      Reject
                    </Button>
                  )}
                  {canApplyReleaseAction("takeDown", r.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(r, "take-down", "Release taken down")}
                      aria-label={`Take Down ${r.title}`}
                    >
                      Take Down
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(r)}
                    aria-label={`Edit Metadata of ${r.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    onClick={() => download(r)}
                    aria-label={`Download Audio of ${r.title}`}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeleting(r)}
                    aria-label={`Delete ${r.title}`}
                  >
                    Delete
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={releases.data?.items}
        rowKey={(r) => r.id}
        loading={releases.isPending}
        loadingText="Loading releases…"
        emptyText="No releases match."
        paging={
          releases.data && { page: page, pageSize: releases.data.pageSize, total: releases.data.total, onPage: setPage }
        }
      />
      <ManualUploadDialog open={uploading} onOpenChange={setUploading} />
      {editing && <EditMetadataDialog release={editing} onClose={() => setEditing(null)} />}
      {rejecting && <RejectDialog release={rejecting} onClose={() => setRejecting(null)} />}
      {reviewing && <ReleaseReviewDialog release={reviewing} onClose={() => setReviewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.title ?? "this release"}?`}
        description="The release is removed for good, for its artist too."
        confirmLabel="Delete Release"
        pending={action.isPending}
        onConfirm={() =>
          deleting &&
          action.mutateAsync({ id: deleting.id, action: "delete" }).then(() => {
            toast({ title: "Release deleted", description: deleting.title });
            setDeleting(null);
          }, fail(ADMIN_RELEASE_MESSAGES.actionFailedTitle))
        }
      />
    </div>
  );
}
