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

/**
 * Payouts, a page of their own in the admin navigation (issue 34: they were approved from Store
 * Reports): requests with where each goes, approval through the provider or a payment by hand, and
 * the TDS returns to file.
 */
export function AdminPayoutsPage() {
  usePageMeta("Payouts");
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
      <h1 className="text-2xl font-bold sm:text-3xl">Payouts</h1>
      <section id="payouts" aria-labelledby="payouts-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payouts-heading" className="text-lg font-semibold">
            Payout requests
          </h2>
          {payable.length > 1 && (
            <Button size="sm" onClick={() => setApproving(payable)}>
              Approve all {payable.length} payable
            </Button>
          )}
        </div>
        <DataTable
          label="Payout requests"
          rows={payouts.data}
          rowKey={(p) => p.id}
          loading={payouts.isPending}
          loadingText="Loading payout requests…"
          error={payouts.isError ? "Could not load the payout requests." : null}
          emptyText="No payout requests."
          columns={[
            {
              header: "Artist",
              cell: (p) => (
                <>
                  {p.userName}
                  <span className="block text-xs text-muted-foreground">{p.userEmail}</span>
                </>
              ),
            },
            { header: "Amount", cell: (p) => formatInr(p.amountPaise) },
            { header: "Method", cell: (p) => payoutMethodLabel(p.method) },
            { header: "Requested", cell: (p) => formatDateTime(p.requestedAt) },
            {
              header: "Status",
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
              header: "Reference",
              cell: (p) => (
                <>
                  {p.reference ?? "—"}
                  {p.tdsPaise > 0 && (
                    <span className="block text-xs text-muted-foreground">TDS {formatInr(p.tdsPaise)}</span>
                  )}
                  {p.failureReason && <span className="block text-xs text-muted-foreground">{p.failureReason}</span>}
                </>
              ),
            },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (p) => (
                <div className="flex flex-wrap gap-2">
                  {p.status === "pending" && p.payableByProvider && (
                    <Button size="sm" onClick={() => setApproving([p])} aria-label={`Approve payout to ${p.userName}`}>
                      Approve
                    </Button>
                  )}
                  {p.status === "pending" && p.kycStatus === "name_mismatch" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setReviewing(p)}
                      aria-label={`Review payee details of ${p.userName}`}
                    >
                      Review details
                    </Button>
                  )}
                  {p.status === "pending" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPaying(p)}
                      aria-label={`Mark payout to ${p.userName} as paid`}
                    >
                      Mark Paid
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
        <p className="text-sm">
          TDS deducted for filing:{" "}
          <a
            className="text-primary underline"
            href={`/api/admin/tds?fy=${quarter.fy}&quarter=${quarter.quarter}`}
            download
          >
            this quarter (Q{quarter.quarter} {quarter.fy}), CSV
          </a>
          {" · "}
          <a
            className="text-primary underline"
            href={`/api/admin/tds?fy=${previousQuarter.fy}&quarter=${previousQuarter.quarter}`}
            download
          >
            last quarter (Q{previousQuarter.quarter} {previousQuarter.fy}), CSV
          </a>
        </p>
      </section>
      {paying && <CompletePayout payout={paying} onClose={() => setPaying(null)} />}
      <ApprovePayoutsDialog payouts={approving} onClose={() => setApproving([])} />
      <ConfirmDialog
        open={reviewing !== null}
        onOpenChange={(open) => !open && setReviewing(null)}
        title={`Release ${reviewing?.userName ?? ""}'s payouts?`}
        description={
          <>
            The bank says this account belongs to <strong>{reviewing?.registeredName ?? "someone else"}</strong>; the
            payee gave the legal name <strong>{reviewing?.legalName ?? "—"}</strong> ({reviewing?.destination ?? "—"}).
            Approve only when you are sure they are the same person: their payouts then go ahead.
          </>
        }
        confirmLabel="Approve details"
        pending={approvePayee.isPending}
        onConfirm={() => {
          const userId = reviewing?.userId;
          if (!userId) return;
          approvePayee.mutate(userId, {
            onSuccess: () => {
              toast({ title: "Payee details approved", description: "Their payouts can be approved now." });
              setReviewing(null);
            },
            onError: (err) => toast({ title: "Not approved", description: err.message, variant: "destructive" }),
          });
        }}
      />
    </div>
  );
}
