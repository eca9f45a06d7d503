import { labelsAt } from "#domain/i18n";
import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLANS } from "#domain/plans";
import { SUBSCRIPTION_STATUS_LABELS } from "#domain/subscriptions";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { useBilling } from "#web/features/subscriptions/api/get-billing";
import type { Subscription } from "#web/features/subscriptions/api/get-subscription";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

const METHOD_LABELS: Readonly<Record<string, string>> = labelsAt("billing.method", ["upi", "card"]);

/** Manage Billing: how the plan pays, when it renews, every invoice (PDF) and payment, and the plan periods. */
export function BillingDialog({
  open,
  onOpenChange,
  history,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  history: Subscription[];
}) {
  const t = useT();
  const billing = useBilling();
  const b = billing.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("billing.title")} description={t("billing.description")} className="max-w-3xl">
        {billing.isPending ? (
          <Skeleton className="h-32" />
        ) : billing.isError || !b ? (
          <p role="alert">{t("billing.loadFailed")}</p>
        ) : (
          <div className="grid gap-6 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{t("billing.paymentMethod")}</dt>
              <dd>
                {b.kind === "complimentary"
                  ? PAYWALL_MESSAGES.complimentary(b.complimentaryReason ?? "")
                  : b.paymentMethod
                    ? (METHOD_LABELS[b.paymentMethod] ?? b.paymentMethod)
                    : t("billing.noneYet")}
              </dd>
              <dt className="text-muted-foreground">{t("billing.nextRenewal")}</dt>
              <dd>
                {b.nextRenewal
                  ? t("billing.renewal", {
                      date: formatDate(b.nextRenewal),
                      amount: formatInr(PLANS[b.scheduledPlanId ?? b.planId].pricePaise),
                      plan: PLANS[b.scheduledPlanId ?? b.planId].name,
                    })
                  : b.endsOn
                    ? t("billing.endsOn", { date: formatDate(b.endsOn) })
                    : t("billing.none")}
              </dd>
              {b.scheduledPlanId && (
                <>
                  <dt className="text-muted-foreground">{t("billing.scheduled")}</dt>
                  <dd>{t("billing.movesTo", { plan: PLANS[b.scheduledPlanId].name })}</dd>
                </>
              )}
            </dl>

            <section aria-labelledby="invoices-heading">
              <h3 id="invoices-heading" className="mb-2 font-semibold">
                {t("billing.invoices")}
              </h3>
              <DataTable
                label={t("billing.invoiceList")}
                className="min-w-0"
                rows={b.invoices}
                rowKey={(i) => i.id}
                emptyText={t("billing.noInvoices")}
                columns={[
                  { header: t("billing.invoice"), rowHeader: true, cell: (i) => i.number },
                  { header: t("ui.col.date"), cell: (i) => formatDate(i.issuedAt) },
                  { header: t("billing.for"), cell: (i) => i.description },
                  { header: t("billing.total"), cell: (i) => formatInr(i.totalPaise, { decimals: true }) },
                  {
                    header: "PDF",
                    cell: (i) => (
                      <a className="text-primary underline" href={`/api/invoices/${i.id}/pdf`} download>
                        {t("billing.download", { number: i.number })}
                      </a>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="payments-heading">
              <h3 id="payments-heading" className="mb-2 font-semibold">
                {t("billing.payments")}
              </h3>
              <DataTable
                label={t("billing.paymentList")}
                className="min-w-0"
                rows={b.payments}
                rowKey={(p) => p.id}
                emptyText={t("billing.noPayments")}
                columns={[
                  { header: t("ui.col.date"), cell: (p) => formatDate(p.createdAt) },
                  { header: t("billing.for"), cell: (p) => PLANS[p.planId].name },
                  {
                    header: t("billing.methodCol"),
                    cell: (p) => (p.method ? (METHOD_LABELS[p.method] ?? p.method) : "—"),
                  },
                  {
                    header: t("ui.col.amount"),
                    cell: (p) => (
                      <>
                        {formatInr(p.amountPaise, { decimals: true })}
                        {p.refundedPaise > 0 &&
                          t("billing.refunded", { amount: formatInr(p.refundedPaise, { decimals: true }) })}
                      </>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="periods-heading">
              <h3 id="periods-heading" className="mb-2 font-semibold">
                {t("billing.periods")}
              </h3>
              <DataTable
                label={t("billing.periodList")}
                className="min-w-0"
                rows={history}
                rowKey={(p) => p.id}
                emptyText={t("billing.noPeriods")}
                columns={[
                  { header: t("billing.plan"), cell: (p) => PLANS[p.planId].name },
                  { header: t("ui.col.status"), cell: (p) => SUBSCRIPTION_STATUS_LABELS[p.status] },
                  { header: t("billing.period"), cell: (p) => `${formatDate(p.startDate)} – ${formatDate(p.endDate)}` },
                  {
                    header: t("billing.how"),
                    cell: (p) =>
                      p.kind === "complimentary"
                        ? t("billing.complimentary", { reason: p.complimentaryReason ?? "" })
                        : t("billing.paid"),
                  },
                ]}
              />
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
