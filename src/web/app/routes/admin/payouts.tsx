import { useState } from "react";
import { previousTdsQuarter, tdsQuarterIst } from "#domain/clock";
import { formatInr } from "#domain/money";
import { PAYOUT_STATUS_LABELS, payoutMethodLabel } from "#domain/payouts";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { toast } from "#web/components/ui/toast";
import { type AdminPayout, useAdminPayouts } from "#web/features/royalties/api/get-payouts";
import { useApprovePayee } from "#web/features/royalties/api/splits";
import { ApprovePayoutsDialog } from "#web/features/royalties/components/approve-payouts-dialog";
import { CompletePayout } from "#web/features/royalties/components/complete-payout-dialog";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/**
 * Payouts, a page of their own in the admin navigation (issue 34: they were approved from Store
 * Reports): requests with where each goes, approval through the provider or a payment by hand, and
 * the TDS returns to file.
 */
export function AdminPayoutsPage() {
  const t = useT();
  usePageMeta(t("admin.nav.payouts"));
  const payouts = useAdminPayouts();
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const [approving, setApproving] = useState<AdminPayout[]>([]);
  const [reviewing, setReviewing] = useState<AdminPayout | null>(null);
  const approvePayee = useApprovePayee();
  const payable = (payouts.data ?? []).filter((p) => p.status === "pending" && p.payableByProvider);
  const quarter = tdsQuarterIst(new Date());
  const previousQuarter = previousTdsQuarter(quarter);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.nav.payouts")}</h1>
      <section id="payouts" aria-labelledby="payouts-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payouts-heading" className="text-lg font-semibold">
            {t("adminPay.requests")}
          </h2>
          {payable.length > 1 && (
            <Button size="sm" onClick={() => setApproving(payable)}>
              {t("adminPay.approveAll", { count: payable.length })}
            </Button>
          )}
        </div>
        <DataTable
          label={t("adminPay.requests")}
          rows={payouts.data}
          rowKey={(p) => p.id}
          loading={payouts.isPending}
          loadingText={t("adminPay.loading")}
          error={payouts.isError ? t("adminPay.loadFailed") : null}
          emptyText={t("adminPay.none")}
          columns={[
            {
              header: t("ui.col.artist"),
              cell: (p) => (
                <>
                  {p.userName}
                  <span className="block text-xs text-muted-foreground">{p.userEmail}</span>
                </>
              ),
            },
            { header: t("ui.col.amount"), cell: (p) => formatInr(p.amountPaise) },
            { header: t("billing.methodCol"), cell: (p) => payoutMethodLabel(p.method) },
            { header: t("statement.requested"), cell: (p) => formatDateTime(p.requestedAt) },
            {
              header: t("ui.col.status"),
              cell: (p) => (
                <Badge
                  tone={
                    p.status === "completed"
                      ? "success"
                      : p.status === "failed" || p.status === "reversed"
                        ? "danger"
                        : "warning"
                  }
                >
                  {PAYOUT_STATUS_LABELS[p.status]}
                </Badge>
              ),
            },
            {
              header: t("adminPay.reference"),
              cell: (p) => (
                <>
                  {p.reference ?? "—"}
                  {p.tdsPaise > 0 && (
                    <span className="block text-xs text-muted-foreground">
                      {t("adminPay.tds", { amount: formatInr(p.tdsPaise) })}
                    </span>
                  )}
                  {p.failureReason && <span className="block text-xs text-muted-foreground">{p.failureReason}</span>}
                </>
              ),
            },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (p) => (
                <div className="flex flex-wrap gap-2">
                  {p.status === "pending" && p.payableByProvider && (
                    <Button
                      size="sm"
                      onClick={() => setApproving([p])}
                      aria-label={t("adminPay.approveTo", { name: p.userName })}
                    >
                      {t("adminRel.approve")}
                    </Button>
                  )}
                  {p.status === "pending" && p.kycStatus === "name_mismatch" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setReviewing(p)}
                      aria-label={t("adminPay.reviewOf", { name: p.userName })}
                    >
                      {t("adminPay.reviewDetails")}
                    </Button>
                  )}
                  {p.status === "pending" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPaying(p)}
                      aria-label={t("adminPay.markTo", { name: p.userName })}
                    >
                      {t("adminPay.markPaid")}
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
        <p className="text-sm">
          {t("adminPay.tdsFiling")}{" "}
          <a
            className="text-primary underline"
            href={`/api/admin/tds?fy=${quarter.fy}&quarter=${quarter.quarter}`}
            download
          >
            {t("adminPay.thisQuarter", { quarter: quarter.quarter, fy: quarter.fy })}
          </a>
          {" · "}
          <a
            className="text-primary underline"
            href={`/api/admin/tds?fy=${previousQuarter.fy}&quarter=${previousQuarter.quarter}`}
            download
          >
            {t("adminPay.lastQuarter", { quarter: previousQuarter.quarter, fy: previousQuarter.fy })}
          </a>
        </p>
      </section>
      {paying && <CompletePayout payout={paying} onClose={() => setPaying(null)} />}
      <ApprovePayoutsDialog payouts={approving} onClose={() => setApproving([])} />
      <ConfirmDialog
        open={reviewing !== null}
        onOpenChange={(open) => !open && setReviewing(null)}
        title={t("adminPay.releaseQ", { name: reviewing?.userName ?? "" })}
        description={t("adminPay.mismatch", {
          registered: reviewing?.registeredName ?? t("adminPay.someoneElse"),
          legal: reviewing?.legalName ?? "—",
          destination: reviewing?.destination ?? "—",
        })}
        confirmLabel={t("adminPay.approveDetails")}
        pending={approvePayee.isPending}
        onConfirm={() => {
          const userId = reviewing?.userId;
          if (!userId) return;
          approvePayee.mutate(userId, {
            onSuccess: () => {
              toast({ title: t("adminPay.payeeApproved"), description: t("adminPay.canApprove") });
              setReviewing(null);
            },
            onError: (err) =>
              toast({ title: t("adminPay.notApproved"), description: err.message, variant: "destructive" }),
          });
        }}
      />
    </div>
  );
}
