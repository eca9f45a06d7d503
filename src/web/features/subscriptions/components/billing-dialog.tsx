import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLANS } from "#domain/plans";
import { SUBSCRIPTION_STATUS_LABELS } from "#domain/subscriptions";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { useBilling } from "#web/features/subscriptions/api/get-billing";
import type { Subscription } from "#web/features/subscriptions/api/get-subscription";
import { formatDate } from "#web/lib/format";

const METHOD_LABELS: Record<string, string> = { upi: "UPI Autopay", card: "Card" };
const th = "py-2 pr-3";

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
              {b.invoices.length === 0 ? (
                <p className="text-muted-foreground">No invoices yet: one is issued for every payment.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left">
                    <thead>
                      <tr className="border-b border-border">
                        <th scope="col" className={th}>
                          Invoice
                        </th>
                        <th scope="col" className={th}>
                          Date
                        </th>
                        <th scope="col" className={th}>
                          For
                        </th>
                        <th scope="col" className={th}>
                          Total
                        </th>
                        <th scope="col" className="py-2">
                          PDF
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {b.invoices.map((i) => (
                        <tr key={i.id} className="border-b border-border">
                          <td className={th}>{i.number}</td>
                          <td className={th}>{formatDate(i.issuedAt)}</td>
                          <td className={th}>{i.description}</td>
                          <td className={th}>{formatInr(i.totalPaise, { decimals: true })}</td>
                          <td className="py-2">
                            <a className="text-primary underline" href={`/api/invoices/${i.id}/pdf`} download>
                              Download invoice {i.number}
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>

            <section aria-labelledby="payments-heading">
              <h3 id="payments-heading" className="mb-2 font-semibold">
                Payments
              </h3>
              {b.payments.length === 0 ? (
                <p className="text-muted-foreground">No payments yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left">
                    <thead>
                      <tr className="border-b border-border">
                        <th scope="col" className={th}>
                          Date
                        </th>
                        <th scope="col" className={th}>
                          For
                        </th>
                        <th scope="col" className={th}>
                          Method
                        </th>
                        <th scope="col" className="py-2">
                          Amount
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {b.payments.map((p) => (
                        <tr key={p.id} className="border-b border-border">
                          <td className={th}>{formatDate(p.createdAt)}</td>
                          <td className={th}>{PLANS[p.planId].name}</td>
                          <td className={th}>{p.method ? (METHOD_LABELS[p.method] ?? p.method) : "—"}</td>
                          <td className="py-2">
                            {formatInr(p.amountPaise, { decimals: true })}
                            {p.refundedPaise > 0 && ` (refunded ${formatInr(p.refundedPaise, { decimals: true })})`}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>

            <section aria-labelledby="periods-heading">
              <h3 id="periods-heading" className="mb-2 font-semibold">
                Plan periods
              </h3>
              {history.length === 0 ? (
                <p className="text-muted-foreground">None yet: you are on the Basic Artist plan, not paid yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left">
                    <thead>
                      <tr className="border-b border-border">
                        <th scope="col" className={th}>
                          Plan
                        </th>
                        <th scope="col" className={th}>
                          Status
                        </th>
                        <th scope="col" className={th}>
                          Period
                        </th>
                        <th scope="col" className="py-2">
                          How
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {history.map((s) => (
                        <tr key={s.id} className="border-b border-border">
                          <td className={th}>{PLANS[s.planId].name}</td>
                          <td className={th}>{SUBSCRIPTION_STATUS_LABELS[s.status]}</td>
                          <td className={th}>
                            {formatDate(s.startDate)} – {formatDate(s.endDate)}
                          </td>
                          <td className="py-2">
                            {s.kind === "complimentary" ? `Complimentary: ${s.complimentaryReason ?? ""}` : "Paid"}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
