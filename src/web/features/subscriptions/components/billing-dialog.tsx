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

const METHOD_LABELS: Record<string, string> = { upi: "UPI Autopay", card: "Card" };

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
  const billing = useBilling();
  const b = billing.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Billing"
        description="Your payment method, next renewal, invoices and payments."
        className="max-w-3xl"
      >
        {billing.isPending ? (
          <Skeleton className="h-32" />
        ) : billing.isError || !b ? (
          <p role="alert">Could not load your billing details. Please try again later.</p>
        ) : (
          <div className="grid gap-6 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Payment method</dt>
              <dd>
                {b.kind === "complimentary"
                  ? PAYWALL_MESSAGES.complimentary(b.complimentaryReason ?? "")
                  : b.paymentMethod
                    ? (METHOD_LABELS[b.paymentMethod] ?? b.paymentMethod)
                    : "None yet"}
              </dd>
              <dt className="text-muted-foreground">Next renewal</dt>
              <dd>
                {b.nextRenewal
                  ? `${formatDate(b.nextRenewal)}: ${formatInr(PLANS[b.scheduledPlanId ?? b.planId].pricePaise)} for ${PLANS[b.scheduledPlanId ?? b.planId].name}`
                  : b.endsOn
                    ? `None: the plan ends on ${formatDate(b.endsOn)}`
                    : "None"}
              </dd>
              {b.scheduledPlanId && (
                <>
                  <dt className="text-muted-foreground">Scheduled change</dt>
                  <dd>Moves to {PLANS[b.scheduledPlanId].name} at the renewal</dd>
                </>
              )}
            </dl>

            <section aria-labelledby="invoices-heading">
              <h3 id="invoices-heading" className="mb-2 font-semibold">
                Invoices
              </h3>
              <DataTable
                label="Invoice list"
                className="min-w-0"
                rows={b.invoices}
                rowKey={(i) => i.id}
                emptyText="No invoices yet: one is issued for every payment."
                columns={[
                  { header: "Invoice", rowHeader: true, cell: (i) => i.number },
                  { header: "Date", cell: (i) => formatDate(i.issuedAt) },
                  { header: "For", cell: (i) => i.description },
                  { header: "Total", cell: (i) => formatInr(i.totalPaise, { decimals: true }) },
                  {
                    header: "PDF",
                    cell: (i) => (
                      <a className="text-primary underline" href={`/api/invoices/${i.id}/pdf`} download>
                        Download invoice {i.number}
                      </a>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="payments-heading">
              <h3 id="payments-heading" className="mb-2 font-semibold">
                Payments
              </h3>
              <DataTable
                label="Payment list"
                className="min-w-0"
                rows={b.payments}
                rowKey={(p) => p.id}
                emptyText="No payments yet."
                columns={[
                  { header: "Date", cell: (p) => formatDate(p.createdAt) },
                  { header: "For", cell: (p) => PLANS[p.planId].name },
                  { header: "Method", cell: (p) => (p.method ? (METHOD_LABELS[p.method] ?? p.method) : "—") },
                  {
                    header: "Amount",
                    cell: (p) => (
                      <>
                        {formatInr(p.amountPaise, { decimals: true })}
                        {p.refundedPaise > 0 && ` (refunded ${formatInr(p.refundedPaise, { decimals: true })})`}
                      </>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="periods-heading">
              <h3 id="periods-heading" className="mb-2 font-semibold">
                Plan periods
              </h3>
              <DataTable
                label="Plan period list"
                className="min-w-0"
                rows={history}
                rowKey={(p) => p.id}
                emptyText="None yet: you are on the Basic Artist plan, not paid yet."
                columns={[
                  { header: "Plan", cell: (p) => PLANS[p.planId].name },
                  { header: "Status", cell: (p) => SUBSCRIPTION_STATUS_LABELS[p.status] },
                  { header: "Period", cell: (p) => `${formatDate(p.startDate)} – ${formatDate(p.endDate)}` },
                  {
                    header: "How",
                    cell: (p) =>
                      p.kind === "complimentary" ? `Complimentary: ${p.complimentaryReason ?? ""}` : "Paid",
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
