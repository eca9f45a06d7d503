import { Download, Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { approveBlockedReason } from "#domain/quality";
import {
  ADMIN_RELEASE_MESSAGES,
  canApplyReleaseAction,
  isHttpUrl,
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  type ReleaseStatus,
} from "#domain/releases";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { Select } from "#web/components/ui/select";
import { toast, toastFailure } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useAdminReleases } from "#web/features/releases/api/get-admin-releases";
import { useReleaseAction } from "#web/features/releases/api/release-action";
import { EditMetadataDialog } from "#web/features/releases/components/edit-metadata-dialog";
import { ManualUploadDialog } from "#web/features/releases/components/manual-upload-dialog";
import { RejectDialog } from "#web/features/releases/components/reject-dialog";
import { ReleaseReviewDialog } from "#web/features/releases/components/release-review";
import { ReleaseStatusBadge } from "#web/features/releases/components/release-status-badge";
import { formatCount, formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useListSearch } from "#web/lib/use-list-search";

export function ManageReleasesPage() {
  const t = useT();
  usePageMeta(t("adminRel.title"));
  // ?status= opens the table filtered (the dashboard's review queue links here).
  const [params] = useSearchParams();
  const [status, setStatus] = useState<ReleaseStatus | "">(() => {
    const requested = params.get("status") ?? "";
    return (RELEASE_STATUSES as readonly string[]).includes(requested) ? (requested as ReleaseStatus) : "";
  });
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AdminRelease | null>(null);
  const [rejecting, setRejecting] = useState<AdminRelease | null>(null);
  const [deleting, setDeleting] = useState<AdminRelease | null>(null);
  // Approve and Take Down cannot be undone: they ask first, naming the release and what follows.
  const [confirming, setConfirming] = useState<{ release: AdminRelease; action: "approve" | "take-down" } | null>(null);
  const [reviewing, setReviewing] = useState<AdminRelease | null>(null);
  const releases = useAdminReleases({ q, status, page, pageSize: 20 });
  const action = useReleaseAction();

  const run = (r: AdminRelease, a: "approve" | "take-down", done: string) =>
    action
      .mutateAsync({ id: r.id, action: a })
      .then(() => toast({ title: done, description: r.title }), toastFailure(ADMIN_RELEASE_MESSAGES.actionFailedTitle));
  // The checked copy we keep, uploaded or fetched from a link alike (issue 33: uploaded releases
  // showed "Audio missing" and could not be downloaded); a link not fetched yet is offered as it is.
  const download = (r: AdminRelease) => {
    const href =
      !r.audioFileUrl && !r.audioUploadId
        ? null
        : r.qcStatus === "done" || r.audioUploadId
          ? `/api/admin/releases/${r.id}/tracks/1/audio`
          : r.audioFileUrl && isHttpUrl(r.audioFileUrl)
            ? r.audioFileUrl
            : null;
    if (!href) {
      toast({
        title: ADMIN_RELEASE_MESSAGES.actionFailedTitle,
        description: ADMIN_RELEASE_MESSAGES.downloadNotHttp,
        variant: "destructive",
      });
      return;
    }
    const link = document.createElement("a");
    link.href = href;
    link.download = "";
    link.rel = "noopener";
    link.click();
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("adminRel.title")}</h1>
        <Button onClick={() => setUploading(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t("adminRel.manual")}
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <SearchInput
          label={t("adminRel.search")}
          placeholder={t("adminRel.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label={t("adminRel.filter")}
          className="w-48"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReleaseStatus | "");
            setPage(1);
          }}
        >
          <option value="">{t("adminRel.allStatuses")}</option>
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
            header: t("qcView.titleCol"),
            className: "font-medium",
            cell: (r) => (
              <>
                {r.title}
                {r.titleLatin && (
                  <span className="block text-xs font-normal text-muted-foreground" lang="en">
                    {r.titleLatin}
                  </span>
                )}
                {!r.audioFileUrl && !r.audioUploadId && (
                  <Badge tone="danger" className="ml-2">
                    {ADMIN_RELEASE_MESSAGES.audioMissing}
                  </Badge>
                )}
              </>
            ),
          },
          { header: t("ui.col.artist"), cell: (r) => r.artistName },
          {
            header: t("adminRel.user"),
            cell: (r) => r.ownerName ?? (r.userId ? r.userId : t("adminRel.manualUpload")),
          },
          { header: "UPC", className: "font-mono text-xs", cell: (r) => r.upcEan ?? "—" },
          {
            header: t("ui.col.status"),
            cell: (r) => (
              <>
                <ReleaseStatusBadge status={r.status} />
              </>
            ),
          },
          { header: t("adminRel.date"), cell: (r) => formatDate(r.releaseDate) },
          { header: t("ui.col.streams"), cell: (r) => formatCount(r.streams) },
          {
            header: t("ui.col.actions"),
            cell: (r) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setReviewing(r)}
                    aria-label={t("adminRel.reviewOn", { title: r.title })}
                  >
                    {t("adminRel.review")}
                  </Button>
                  {canApplyReleaseAction("approve", r.status) && (
                    <>
                      <Button
                        size="sm"
                        disabled={approveBlockedReason(r) !== null}
                        onClick={() => setConfirming({ release: r, action: "approve" })}
                        aria-label={t("adminRel.approveOn", { title: r.title })}
                        aria-describedby={approveBlockedReason(r) ? `approve-why-${r.id}` : undefined}
                      >
                        {t("adminRel.approve")}
                      </Button>
                      {approveBlockedReason(r) && (
                        <span id={`approve-why-${r.id}`} className="basis-full text-xs text-muted-foreground">
                          {approveBlockedReason(r)}
                        </span>
                      )}
                    </>
                  )}
                  {canApplyReleaseAction("reject", r.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setRejecting(r)}
                      aria-label={t("adminRel.rejectOn", { title: r.title })}
                    >
                      {t("adminRel.reject")}
                    </Button>
                  )}
                  {canApplyReleaseAction("takeDown", r.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirming({ release: r, action: "take-down" })}
                      aria-label={t("adminRel.takeDownOn", { title: r.title })}
                    >
                      {t("adminRel.takeDown")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(r)}
                    aria-label={t("adminRel.editMetaOn", { title: r.title })}
                  >
                    {t("qcView.editButton")}
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    onClick={() => download(r)}
                    aria-label={t("adminRel.downloadOn", { title: r.title })}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeleting(r)}
                    aria-label={t("adminRel.deleteOn", { title: r.title })}
                  >
                    {t("adminUsers.delete")}
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={releases.data?.items}
        rowKey={(r) => r.id}
        loading={releases.isPending}
        loadingText={t("adminRel.loading")}
        emptyText={t("adminRel.none")}
        paging={
          releases.data && { page: page, pageSize: releases.data.pageSize, total: releases.data.total, onPage: setPage }
        }
      />
      <ManualUploadDialog open={uploading} onOpenChange={setUploading} />
      {editing && <EditMetadataDialog release={editing} onClose={() => setEditing(null)} />}
      {rejecting && <RejectDialog release={rejecting} onClose={() => setRejecting(null)} />}
      {reviewing && <ReleaseReviewDialog release={reviewing} onClose={() => setReviewing(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={
          confirming
            ? t(confirming.action === "approve" ? "adminRel.approveQ" : "adminRel.takeDownQ", {
                title: confirming.release.title,
              })
            : ""
        }
        description={
          confirming?.action === "approve"
            ? ADMIN_RELEASE_MESSAGES.approveConfirm
            : t("adminRel.takeDownHint", { streams: formatCount(confirming?.release.streams ?? 0) })
        }
        confirmLabel={confirming?.action === "approve" ? t("adminRel.approve") : t("adminRel.takeDown")}
        pending={action.isPending}
        onConfirm={() => {
          if (!confirming) return;
          const { release, action: which } = confirming;
          setConfirming(null);
          void run(release, which, which === "approve" ? t("adminRel.approved") : t("adminRel.takenDown"));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("adminRel.deleteQ", { title: deleting?.title ?? t("adminRel.thisRelease") })}
        description={t("adminRel.deleteHint")}
        confirmLabel={t("adminRel.deleteRelease")}
        pending={action.isPending}
        onConfirm={() =>
          deleting &&
          action.mutateAsync({ id: deleting.id, action: "delete" }).then(() => {
            toast({ title: t("adminRel.deleted"), description: deleting.title });
            setDeleting(null);
          }, toastFailure(ADMIN_RELEASE_MESSAGES.actionFailedTitle))
        }
      />
    </div>
  );
}
