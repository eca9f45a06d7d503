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
import { useT } from "#web/lib/i18n";

const failed = (err: unknown) =>
  toast({ title: SUBSCRIPTION_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });

const isPlanId = (v: string | null): v is PlanId => PLAN_IDS.includes(v as PlanId);

export function SubscriptionPage() {
  const t = useT();
  usePageMeta(t("subscription.title"));
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
        <h1 className="text-2xl font-bold sm:text-3xl">{t("subscription.heading")}</h1>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (subscription.isError) {
    return (
      <div className="mx-auto grid max-w-6xl gap-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("subscription.heading")}</h1>
        <p role="alert">{t("subscription.loadFailed")}</p>
      </div>
    );
  }
  const { currentPlanId, current, paidUp } = subscription.data;
  const plan = PLANS[currentPlanId];
  const waitingFor = payment.waiting ? (payment.checkout?.planId ?? null) : null;

  const statusBadge = () => {
    if (!paidUp)
      return (
        <Badge tone="warning">{subscription.data.lapsed ? t("subscription.lapsed") : t("subscription.notPaid")}</Badge>
      );
    if (current?.cancelAtPeriodEnd) return <Badge tone="warning">{t("subscription.cancelsAtEnd")}</Badge>;
    if (current?.kind === "complimentary") return <Badge tone="info">{t("subscription.complimentary")}</Badge>;
    return (
      <Badge tone="success">{current ? SUBSCRIPTION_STATUS_LABELS[current.status] : t("subscription.active")}</Badge>
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("subscription.heading")}</h1>

      {payment.waiting && (
        <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
          {t("subscription.waiting", { processing: SUBSCRIPTION_MESSAGES.processing })}
        </p>
      )}

      {!payment.waiting && <PaywallNotice standing={subscription.data} onPay={() => setChoosing(currentPlanId)} />}

      <Card>
        <h2 className="text-sm font-medium text-muted-foreground">{t("subscription.current")}</h2>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-2xl font-bold">{plan.name}</p>
          {statusBadge()}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatInr(plan.pricePaise)} {plan.priceUnit} ·{" "}
          {t("subscription.share", { percent: plan.royaltySharePercent })}
          {current &&
            paidUp &&
            ` · ${t(current.cancelAtPeriodEnd || current.kind === "complimentary" ? "subscription.ends" : "subscription.renews", { date: formatDate(current.endDate) })}`}
        </p>
        {current?.kind === "complimentary" && current.complimentaryReason && (
          <p className="mt-1 text-sm">{PAYWALL_MESSAGES.complimentary(current.complimentaryReason)}</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setBillingOpen(true)}>
            {t("subscription.manageBilling")}
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
              {t("subscription.resume")}
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={!current || !paidUp || current.kind !== "paid"}
              onClick={() => setConfirmCancel(true)}
            >
              {t("subscription.cancel")}
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
                <span className="text-sm text-muted-foreground">{t("subscription.perYear")}</span>
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
                  {t("plan.current")}
                </Button>
              ) : (
                <Button
                  className="mt-6"
                  disabled={payment.waiting}
                  aria-label={t("plan.ctaLabel", {
                    cta: id === currentPlanId ? t("paywall.pay", { plan: p.name }) : label,
                    plan: p.name,
                  })}
                  onClick={() => setChoosing(id)}
                >
                  {id === currentPlanId && waitingFor !== id ? t("paywall.pay", { plan: p.name }) : label}
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
        title={t("subscription.cancelTitle")}
        description={
          current ? t("subscription.cancelText", { plan: plan.name, date: formatDate(current.endDate) }) : ""
        }
        confirmLabel={t("subscription.cancel")}
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
