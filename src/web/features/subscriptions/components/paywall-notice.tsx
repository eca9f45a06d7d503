import { Link } from "react-router";
import { t } from "#domain/i18n";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLANS, type PlanId } from "#domain/plans";
import { Button } from "#web/components/ui/button";

/**
 * Says plainly that deliveries wait for payment (a new, unpaid account) or that the plan lapsed (live
 * releases stay live), with a Pay button. Nothing shows when the plan is paid.
 */
export function PaywallNotice({
  standing,
  onPay,
}: {
  standing: { paidUp: boolean; lapsed: boolean; currentPlanId: PlanId };
  /** Opens the checkout here; without it, Pay leads to the Subscription page. */
  onPay?: () => void;
}) {
  if (standing.paidUp) return null;
  const plan = PLANS[standing.currentPlanId];
  const label = t("paywall.pay", { plan: plan.name });
  return (
    <section
      aria-labelledby="paywall-title"
      className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 text-sm"
    >
      <h2 id="paywall-title" className="font-semibold">
        {standing.lapsed ? PAYWALL_MESSAGES.lapsedTitle : PAYWALL_MESSAGES.unpaidTitle}
      </h2>
      <p className="mt-1">{standing.lapsed ? PAYWALL_MESSAGES.lapsed : PAYWALL_MESSAGES.unpaid}</p>
      <div className="mt-3">
        {onPay ? (
          <Button onClick={onPay}>{label}</Button>
        ) : (
          <Button asChild>
            <Link to={`/app/subscriptions?plan=${standing.currentPlanId}`}>{label}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
