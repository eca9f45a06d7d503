import { useState } from "react";
import { formatInr, RUPEES_PATTERN, rupeesPlain, rupeesToPaise } from "#domain/money";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLANS } from "#domain/plans";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { SearchInput } from "#web/components/ui/search-input";
import { toast, toastFailure } from "#web/components/ui/toast";
import { type AdminPayment, useAdminPayments } from "#web/features/subscriptions/api/get-admin-payments";
import { useRefundPayment } from "#web/features/subscriptions/api/refund-payment";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useListSearch } from "#web/lib/use-list-search";

const fail = toastFailure("Refund Failed");

/** Payments received: what the gateway reported, each invoice, each refund; admins refund with a reason. */
export function AdminPayments() {
  const t = useT();
  const { search, setSearch, q, page, setPage } = useListSearch();
  const list = useAdminPayments({ q, page, pageSize: 20 });
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const open = (p: AdminPayment) => {
    setRefunding(p);
    setAmount(rupeesPlain(p.amountPaise - p.refundedPaise));
    setReason("");
    setErrors({});
  };
  const submit = () => {
    if (!refunding) return;
    const left = refunding.amountPaise - refunding.refundedPaise;
    const paise = RUPEES_PATTERN.test(amount.trim()) ? rupeesToPaise(amount) : Number.NaN;
    const next: typeof errors = {};
    if (!Number.isFinite(paise) || paise <= 0 || paise > left) next.amount = PAYMENT_MESSAGES.refundTooLarge;
    if (!reason.trim()) next.reason = PAYMENT_MESSAGES.refundReason;
    setErrors(next);
    if (next.amount || next.reason) {
      document.getElementById(next.amount ? "refund-amount" : "refund-reason")?.focus();
      return;
    }
    refund.mutateAsync({ id: refunding.id, amountPaise: paise, reason: reason.trim() }).then(() => {
      toast({
        title: t("adminSubs.refunded"),
        description: t("adminSubs.amountTo", {
          amount: formatInr(paise, { decimals: true }),
          name: refunding.userName,
        }),
      });
      setRefunding(null);
    }, fail);
  };

  return (
    <section aria-labelledby="payments-heading" className="grid gap-4">
      <h2 id="payments-heading" className="text-xl font-semibold">
        {t("billing.payments")}
      </h2>
      <SearchInput
        label={t("adminSubs.searchPayments")}
        placeholder={t("adminSubs.paymentsHint")}
        value={search}
        onChange={setSearch}
      />
      <DataTable
        columns={[
          {
            header: t("adminRel.user"),
            cell: (p) => (
              <>
                <span className="font-medium">{p.userName}</span>
                <span className="block text-xs text-muted-foreground">{p.userEmail}</span>
              </>
            ),
          },
          { header: t("billing.for"), cell: (p) => PLANS[p.planId].name },
          {
            header: t("ui.col.amount"),
            cell: (p) => (
              <>
                {formatInr(p.amountPaise, { decimals: true })}
                {p.refundedPaise > 0 && (
                  <span className="block text-xs text-muted-foreground">
                    {t("adminSubs.refundedAmount", { amount: formatInr(p.refundedPaise, { decimals: true }) })}
                    {p.refunds[0] ? `: ${p.refunds[0].reason}` : ""}
                  </span>
                )}
              </>
            ),
          },
          { header: t("billing.methodCol"), cell: (p) => (p.method ?? "—").toUpperCase() },
          {
            header: t("adminSubs.gatewayIds"),
            cell: (p) => (
              <span className="font-mono text-xs">
                {p.gateway}: {p.gatewayPaymentId}
                {p.gatewaySubscriptionId && <span className="block">{p.gatewaySubscriptionId}</span>}
              </span>
            ),
          },
          {
            header: t("billing.invoice"),
            cell: (p) =>
              p.invoiceId ? (
                <a className="text-primary underline" href={`/api/admin/invoices/${p.invoiceId}/pdf`} download>
                  {p.invoiceNumber}
                </a>
              ) : (
                "—"
              ),
          },
          { header: t("ui.col.date"), cell: (p) => formatDate(p.createdAt) },
          {
            header: t("ui.col.actions"),
            cell: (p) =>
              p.refundedPaise < p.amountPaise ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => open(p)}
                  aria-label={t("adminSubs.refundOf", { name: p.userName })}
                >
                  {t("adminSubs.refund")}
                </Button>
              ) : (
                <span className="text-xs text-muted-foreground">{t("adminSubs.refundedBadge")}</span>
              ),
          },
        ]}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        loadingText={t("adminSubs.loadingPayments")}
        emptyText={t("billing.noPayments")}
        paging={list.data && { page, pageSize: list.data.pageSize, total: list.data.total, onPage: setPage }}
      />
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(o) => !o && setRefunding(null)}
        title={t("adminSubs.refundQ")}
        description={refunding ? t("adminSubs.refundHint", { name: refunding.userName }) : ""}
        confirmLabel={t("adminSubs.refund")}
        pending={refund.isPending}
        onConfirm={submit}
      >
        <div className="mt-4 grid gap-3">
          <FormField id="refund-amount" label={t("adminSubs.amountRupees")} error={errors.amount}>
            {(control) => (
              <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            )}
          </FormField>
          <FormField id="refund-reason" label={t("adminSubs.reason")} error={errors.reason}>
            {(control) => (
              <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            )}
          </FormField>
        </div>
      </ConfirmDialog>
    </section>
  );
}
