import { PLANS, PRICING_PLAN_IDS } from "#domain/plans";
import { usePublicPageMeta } from "#web/components/page-title";
import { paths } from "#web/config/paths";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { PlanCard } from "#web/features/marketing/components/plan-card";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

export function PricingPage() {
  usePublicPageMeta("/pricing");
  const t = useT();
  const { data: user } = useSession();
  const subscription = useSubscription(user?.role === "artist");
  const currentPlanId = subscription.data?.currentPlanId;
  // Signed-in artists choose plans on their subscription screen; visitors register first.
  const target = user ? paths.app.subscriptions : paths.register;
  return (
    <>
      <PageHero title={t("pricing.heading")}>{t("pricing.intro")}</PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">{t("pricing.plans")}</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        {PRICING_PLAN_IDS.map((id) => (
          <PlanCard
            key={id}
            plan={PLANS[id]}
            cta={t("home.getStarted")}
            to={id === "introductory" ? target : `${target}?plan=${id}`}
            current={id === currentPlanId && subscription.data?.paidUp === true}
          />
        ))}
      </div>
    </>
  );
}
