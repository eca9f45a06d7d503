import { useState } from "react";
import { DELIVERY_KIND_LABELS, deliverySummary } from "#domain/deliveries";
import { ADMIN_RELEASE_MESSAGES, canApplyReleaseAction } from "#domain/releases";
import { reviewerChecks } from "#domain/store-verdict";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Skeleton } from "#web/components/ui/skeleton";
import { type AdminRelease, useAdminReleaseDetail } from "#web/features/releases/api/get-admin-release";
import { useRecheckRelease } from "#web/features/releases/api/recheck-release";
import { useReleaseAction } from "#web/features/releases/api/release-action";
import { useRetryDelivery } from "#web/features/releases/api/retry-delivery";
import { DeliveryStatusBadge } from "#web/features/releases/components/delivery-status-badge";
import {
  LevelsTable,
  QualityReportView,
  TrackLyrics,
  TrackTable,
} from "#web/features/releases/components/quality-report";
import { ReleaseMedia } from "#web/features/releases/components/release-media";
import { ReleaseStatusBadge } from "#web/features/releases/components/release-status-badge";
import { StoreLinkForm } from "#web/features/releases/components/store-link-form";
import { StoreVerdictsView } from "#web/features/releases/components/store-verdicts";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/**
 * Review of one release: the quality report, the tracks, and per-store deliveries, with Approve
 * here too, so the admin decides with the findings in front of them. Errors show inline: a toast
 * outside a modal dialog is hidden from screen readers.
 */
export function ReleaseReviewDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
  const t = useT();
  const detail = useAdminReleaseDetail(release.id);
  const recheck = useRecheckRelease();
  const retry = useRetryDelivery();
  const action = useReleaseAction();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Approving cannot be undone: it asks first, here as in the table.
  const [confirmingApprove, setConfirmingApprove] = useState(false);
  const attempt = (p: Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    p.then(
      () => setNotice(done),
      (err: unknown) => setError(err instanceof Error ? err.message : t("review.failed")),
    );
  };
  const data = detail.data;
  const current = data?.release ?? release;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("review.title", { title: release.title })} className="max-w-4xl">
        {!data ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid gap-6">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <ReleaseStatusBadge status={current.status} />
              <span>{current.artistName}</span>
              <span className="font-mono text-xs">
                {t("review.upc", { upc: current.upcEan ?? t("review.upcLater") })}
              </span>
            </div>
            <FormError message={error} />
            {notice && (
              <p role="status" className="text-sm font-medium">
                {notice}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {canApplyReleaseAction("approve", current.status) && (
                <Button disabled={action.isPending} onClick={() => setConfirmingApprove(true)}>
                  {t("adminRel.approve")}
                </Button>
              )}
              <Button
                variant="outline"
                disabled={recheck.isPending}
                onClick={() => attempt(recheck.mutateAsync(current.id), t("review.queued"))}
              >
                {t("review.again")}
              </Button>
            </div>
            <ConfirmDialog
              open={confirmingApprove}
              onOpenChange={setConfirmingApprove}
              title={t("adminRel.approveQ", { title: current.title })}
              description={ADMIN_RELEASE_MESSAGES.approveConfirm}
              confirmLabel={t("adminRel.approve")}
              pending={action.isPending}
              onConfirm={() => {
                setConfirmingApprove(false);
                attempt(action.mutateAsync({ id: current.id, action: "approve" }), t("adminRel.approved"));
              }}
            />
            <ReleaseMedia
              base={`/api/admin/releases/${current.id}`}
              title={current.title}
              files={data.files}
              tracks={data.tracks}
              headingLevel={3}
            />
            <QualityReportView quality={data.quality} headingLevel={3} />
            <StoreVerdictsView verdict={data.verdict} headingLevel={3} id="review-store-verdicts" />
            <section aria-labelledby="reviewer-checks-heading" className="grid gap-2">
              <h3 id="reviewer-checks-heading" className="text-lg font-semibold">
                {t("review.byEye")}
              </h3>
              <p className="text-sm text-muted-foreground">{t("review.byEyeHint")}</p>
              <ul className="list-disc pl-5 text-sm">
                {reviewerChecks().map((check) => (
                  <li key={check}>{check}</li>
                ))}
              </ul>
            </section>
            <TrackTable tracks={data.tracks} />
            <TrackLyrics tracks={data.tracks} />
            <LevelsTable tracks={data.tracks} headingLevel={3} />
            <section aria-labelledby="deliveries-heading" className="grid gap-3">
              <div className="flex flex-wrap items-baseline gap-3">
                <h3 id="deliveries-heading" className="text-lg font-semibold">
                  {t("review.deliveries")}
                </h3>
                <span className="text-sm text-muted-foreground">
                  {deliverySummary(data.delivery.delivered, data.delivery.stores)}
                </span>
              </div>
              <DataTable
                label={t("review.messages")}
                className="min-w-[640px]"
                rows={data.deliveries}
                rowKey={(d) => d.id}
                emptyText={t("review.nothing")}
                columns={[
                  { header: t("ui.col.store"), rowHeader: true, cell: (d) => d.storeName },
                  {
                    header: t("review.message"),
                    cell: (d) => (DELIVERY_KIND_LABELS as Record<string, string>)[d.kind] ?? d.kind,
                  },
                  { header: t("ui.col.status"), cell: (d) => <DeliveryStatusBadge status={d.status} /> },
                  { header: t("webhooks.attempts"), cell: (d) => d.attempts },
                  {
                    header: t("timeline.details"),
                    className: "max-w-xs break-words text-xs",
                    cell: (d) =>
                      d.status === "rejected"
                        ? t("review.said", { store: d.storeName, message: d.storeMessage ?? t("review.rejected") })
                        : (d.lastError ??
                          (d.acknowledgedAt
                            ? t("review.accepted", { date: formatDate(d.acknowledgedAt) })
                            : d.sentAt
                              ? t("review.sent", { date: formatDate(d.sentAt), batch: d.batchId ?? "" })
                              : "—")),
                  },
                  {
                    header: t("ui.col.actions"),
                    cell: (d) =>
                      (d.status === "failed" || d.status === "rejected") && (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t("review.retryTo", { store: d.storeName })}
                          disabled={retry.isPending}
                          onClick={() => attempt(retry.mutateAsync(d.id), t("review.requeued", { store: d.storeName }))}
                        >
                          {t("review.retry")}
                        </Button>
                      ),
                  },
                ]}
              />
            </section>
            {current.status === "live" && (
              <section aria-labelledby="store-links-heading" className="grid gap-3">
                <h3 id="store-links-heading" className="text-lg font-semibold">
                  {t("review.links")}
                </h3>
                <p className="text-sm text-muted-foreground">
                  {t("review.linksHint")}{" "}
                  <a href={data.publicPage.path} target="_blank" rel="noreferrer" className="text-primary underline">
                    {t("review.openPublic")}
                    <span className="sr-only">{t("ui.newTab")}</span>
                  </a>
                </p>
                <StoreLinkForm releaseId={current.id} stores={data.stores} />
              </section>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
