import { Check } from "lucide-react";
import { useState } from "react";
import { formatInr } from "#domain/money";
import { PLANS, type PlanId, SUBSCRIPTION_PLAN_IDS } from "#domain/plans";
import { planChangeLabel, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUS_LABELS } from "#domain/subscriptions";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useCancelSubscription } from "#web/features/subscriptions/api/cancel-subscription";
import { useChangePlan } from "#web/features/subscriptions/api/change-plan";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { useResumeSubscription } from "#web/features/subscriptions/api/resume-subscription";
import { formatDate } from "#web/lib/format";

const failed = (err: unknown) =>
  toast({ title: SUBSCRIPTION_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });

export function SubscriptionPage() {
  usePageMeta("Subscription");
  const subscription = useSubscription();
  const change = useChangePlan();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [billingOpen, setBillingOpen] = useState(false);

  const choose = async (planId: PlanId) => {
    setChoosing(planId);
    try {
      await change.mutateAsync(planId);
      toast({
        title: SUBSCRIPTION_MESSAGES.updatedTitle,
        description: SUBSCRIPTION_MESSAGES.updated(PLANS[planId].name),
      });
    } catch (err) {
      failed(err);
    } finally {
      setChoosing(null);
    }
  };

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
  const { currentPlanId, current, history } = subscription.data;
  const plan = PLANS[currentPlanId];

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Manage Your Subscription</h1>

      <Card>
        <h2 className="text-sm font-medium text-muted-foreground">Current plan</h2>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-2xl font-bold">{plan.name}</p>
          {current ? (
            <Badge tone={current.cancelAtPeriodEnd ? "warning" : "success"}>
              {current.cancelAtPeriodEnd ? "Cancels at period end" : SUBSCRIPTION_STATUS_LABELS[current.status]}
            </Badge>
          ) : (
            <Badge>Default plan</Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatInr(plan.pricePaise)} {plan.priceUnit} · {plan.royaltySharePercent}% royalty share
          {current && ` · ${current.cancelAtPeriodEnd ? "ends" : "renews"} on ${formatDate(current.endDate)}`}
        </p>
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
            <Button variant="outline" disabled={!current} onClick={() => setConfirmCancel(true)}>
              Cancel Subscription
            </Button>
          )}
        </div>
      </Card>

      <div className="grid gap-6 md:grid-cols-3">
        {SUBSCRIPTION_PLAN_IDS.map((id) => {
          const p = PLANS[id];
          const isCurrent = id === currentPlanId && !current?.cancelAtPeriodEnd;
          return (
            <article
              key={id}
              className={`flex flex-col rounded-xl border bg-card p-6 ${isCurrent ? "border-primary ring-2 ring-primary" : "border-border"}`}
            >
              <h2 className="text-lg font-semibold">{p.name}</h2>
              <p className="mt-2">
                <span className="text-3xl font-bold">{formatInr(p.pricePaise)}</span>{" "}
                <span className="text-sm text-muted-foreground">/year</span>
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
                  disabled={choosing !== null}
                  aria-label={`${choosing === id ? SUBSCRIPTION_MESSAGES.processing : planChangeLabel(currentPlanId, id)}: ${p.name}`}
                  onClick={() => choose(id)}
                >
                  {choosing === id ? SUBSCRIPTION_MESSAGES.processing : planChangeLabel(currentPlanId, id)}
                </Button>
              )}
            </article>
          );
        })}
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel your subscription?"
        description={
          current
            ? `${plan.name} stays active until ${formatDate(current.endDate)} and will not renew. After that you are on the Basic Artist plan.`
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

      <Dialog open={billingOpen} onOpenChange={setBillingOpen}>
        <DialogContent
          title="Billing history"
          description="Every plan period recorded on your account."
          className="max-w-2xl"
        >
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No billing records yet: you are on the default Basic Artist plan.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-3">
                      Plan
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Period
                    </th>
                    <th scope="col" className="py-2">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((s) => (
                    <tr key={s.id} className="border-b border-border">
                      <td className="py-2 pr-3">{PLANS[s.planId].name}</td>
                      <td className="py-2 pr-3">{SUBSCRIPTION_STATUS_LABELS[s.status]}</td>
                      <td className="py-2 pr-3">
                        {formatDate(s.startDate)} – {formatDate(s.endDate)}
                      </td>
                      <td className="py-2">{formatInr(s.amountPaise)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
