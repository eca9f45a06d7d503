import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLAN_IDS, PLANS, type PlanId, SUBSCRIPTION_PLAN_IDS } from "#domain/plans";
import { planChangeLabel, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUS_LABELS } from "#domain/subscriptions";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useCancelSubscription } from "#web/features/subscriptions/api/cancel-subscription";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { useResumeSubscription } from "#web/features/subscriptions/api/resume-subscription";
import { BillingDialog } from "#web/features/subscriptions/components/billing-dialog";
import { CheckoutDialog } from "#web/features/subscriptions/components/checkout-dialog";
import { PaywallNotice } from "#web/features/subscriptions/components/paywall-notice";
import { useCheckoutReturn } from "#web/features/subscriptions/components/use-checkout-return";
import { formatDate } from "#web/lib/format";

const failed = (err: unknown) =>
  toast({ title: SUBSCRIPTION_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });

const isPlanId = (v: string | null): v is PlanId => PLAN_IDS.includes(v as PlanId);

export function SubscriptionPage() {
  usePageMeta("Subscription");
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const payment = useCheckoutReturn();
  const [params, setParams] = useSearchParams();
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [billingOpen, setBillingOpen] = useState(false);

  // "Get Started" on a plan card, or a Pay button elsewhere, lands here with ?plan=<id>: its checkout opens.
  const wanted = params.get("plan");
  useEffect(() => {
    if (!isPlanId(wanted) || wanted === "introductory") return;
    setChoosing(wanted);
    const next = new URLSearchParams(params);
    next.delete("plan");
    setParams(next, { replace: true });
  }, [wanted, params, setParams]);

  if (subscription.isPending) {
    return (
      <div className="mx-auto grid max-w-6xl gap-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Manage Your Subscription</h1>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (subscription.isError) {
    return (
      <div className="mx-auto grid max-w-6xl gap-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Manage Your Subscription</h1>
        <p role="alert">Could not load your subscription. Please try again later.</p>
      </div>
    );
  }
  const { currentPlanId, current, paidUp } = subscription.data;
  const plan = PLANS[currentPlanId];
  const waitingFor = payment.waiting ? (payment.checkout?.planId ?? null) : null;

  const statusBadge = () => {
    if (!paidUp) return <Badge tone="warning">{subscription.data.lapsed ? "Lapsed" : "Not paid yet"}</Badge>;
    if (current?.cancelAtPeriodEnd) return <Badge tone="warning">Cancels at period end</Badge>;
    if (current?.kind === "complimentary") return <Badge tone="info">Complimentary</Badge>;
    return <Badge tone="success">{current ? SUBSCRIPTION_STATUS_LABELS[current.status] : "Active"}</Badge>;
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Manage Your Subscription</h1>

      {payment.waiting && (
        <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
          {SUBSCRIPTION_MESSAGES.processing} Waiting for the payment to be confirmed.
        </p>
      )}

      {!payment.waiting && <PaywallNotice standing={subscription.data} onPay={() => setChoosing(currentPlanId)} />}

      <Card>
        <h2 className="text-sm font-medium text-muted-foreground">Current plan</h2>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-2xl font-bold">{plan.name}</p>
          {statusBadge()}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatInr(plan.pricePaise)} {plan.priceUnit} · {plan.royaltySharePercent}% royalty share
          {current &&
            paidUp &&
            ` · ${current.cancelAtPeriodEnd || current.kind === "complimentary" ? "ends" : "renews"} on ${formatDate(current.endDate)}`}
        </p>
        {current?.kind === "complimentary" && current.complimentaryReason && (
          <p className="mt-1 text-sm">{PAYWALL_MESSAGES.complimentary(current.complimentaryReason)}</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setBillingOpen(true)}>
            Manage Billing
          </Button>
          {current?.cancelAtPeriodEnd ? (
            <Button
              variant="outline"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutateAsync().then(
                  () =>
                    toast({
                      title: SUBSCRIPTION_MESSAGES.resumedTitle,
                      description: SUBSCRIPTION_MESSAGES.updated(plan.name),
                    }),
                  failed,
                )
              }
            >
              Resume Subscription
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={!current || !paidUp || current.kind !== "paid"}
              onClick={() => setConfirmCancel(true)}
            >
              Cancel Subscription
            </Button>
          )}
        </div>
      </Card>

      <div className="grid gap-6 md:grid-cols-3">
        {SUBSCRIPTION_PLAN_IDS.map((id) => {
          const p = PLANS[id];
          const isCurrent = id === currentPlanId && paidUp && !current?.cancelAtPeriodEnd;
          const label = waitingFor === id ? SUBSCRIPTION_MESSAGES.processing : planChangeLabel(currentPlanId, id);
          return (
            <article
              key={id}
              className={`flex flex-col rounded-xl border bg-card p-6 ${id === currentPlanId ? "border-primary ring-2 ring-primary" : "border-border"}`}
            >
              <h2 className="text-lg font-semibold">{p.name}</h2>
              <p className="mt-2">
                <span className="text-3xl font-bold">{formatInr(p.pricePaise)}</span>{" "}
                <span className="text-sm text-muted-foreground">/year, GST included</span>
              </p>
              <ul className="mt-4 grid flex-1 gap-2 text-sm">
                {p.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              {isCurrent ? (
                <Button className="mt-6" disabled>
                  Current Plan
                </Button>
              ) : (
                <Button
                  className="mt-6"
                  disabled={payment.waiting}
                  aria-label={`${id === currentPlanId ? `Pay for ${p.name}` : label}: ${p.name}`}
                  onClick={() => setChoosing(id)}
                >
                  {id === currentPlanId && waitingFor !== id ? `Pay for ${p.name}` : label}
                </Button>
              )}
            </article>
          );
        })}
      </div>

      <CheckoutDialog
        planId={choosing}
        returnTo="/app/subscriptions"
        onOpenChange={(open) => !open && setChoosing(null)}
      />

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel your subscription?"
        description={
          current
            ? `${plan.name} stays active until ${formatDate(current.endDate)} and will not renew. After that your plan is unpaid: your live releases stay live and keep earning, and new releases wait for payment.`
            : ""
        }
        confirmLabel="Cancel Subscription"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutateAsync().then((data) => {
            setConfirmCancel(false);
            toast({
              title: SUBSCRIPTION_MESSAGES.cancelledTitle,
              description: SUBSCRIPTION_MESSAGES.cancelled(formatDate(data.current?.endDate ?? "")),
            });
          }, failed)
        }
      />

      <BillingDialog open={billingOpen} onOpenChange={setBillingOpen} history={subscription.data.history} />
    </div>
  );
}
