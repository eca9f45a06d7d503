import { BarChart3, Globe2, IndianRupee, Wrench } from "lucide-react";
import { Link } from "react-router";
import type { MessageId } from "#domain/i18n";
import { LANDING_PLAN_IDS, PLANS } from "#domain/plans";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { Section } from "#web/features/marketing/components/page-hero";
import { PlanCard } from "#web/features/marketing/components/plan-card";
import { useT } from "#web/lib/i18n";
import { useStoreCount } from "#web/lib/store-count";

/** Our own wordmarks of services we deliver to; no copied logo files. */
const SERVICES = ["Spotify", "Apple Music", "YouTube Music", "Amazon Music", "JioSaavn", "Gaana"] as const;

/** Each text takes the store count (only the first uses it). */
const BENEFITS: { icon: typeof Globe2; title: MessageId; text: MessageId }[] = [
  { icon: Globe2, title: "home.globalTitle", text: "home.global" },
  { icon: BarChart3, title: "home.analyticsTitle", text: "home.analytics" },
  { icon: IndianRupee, title: "home.royaltiesTitle", text: "home.royalties" },
  { icon: Wrench, title: "home.toolsTitle", text: "home.tools" },
];

export function HomePage() {
  usePublicPageMeta("/");
  const t = useT();
  const stores = useStoreCount();
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
        <p className="mx-auto mb-6 inline-block rounded-full border border-border px-4 py-1 text-sm text-muted-foreground">
          {t("home.badge")}
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
          {t("home.title")} <span className="text-primary">{t("home.titleAccent")}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t("home.intro", { stores })}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.register}>{t("home.start")}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.features}>{t("home.learnMore")}</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="stores-heading" className="border-y border-border py-8">
        <h2
          id="stores-heading"
          className="text-center text-sm font-medium uppercase tracking-wider text-muted-foreground"
        >
          {t("home.storesHeading")}
        </h2>
        <ul className="mx-auto mt-4 flex max-w-5xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4">
          {SERVICES.map((name) => (
            <li key={name} className="text-lg font-bold tracking-tight text-muted-foreground sm:text-xl">
              {name}
            </li>
          ))}
        </ul>
      </section>

      <Section title={t("home.whyHeading")} id="benefits-heading">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <FeatureCard key={b.title} icon={b.icon} title={t(b.title)} text={t(b.text, { stores })} />
          ))}
        </div>
      </Section>

      <Section title={t("home.pricingHeading")} id="pricing-heading">
        <div className="grid gap-6 md:grid-cols-3">
          {LANDING_PLAN_IDS.map((id) => (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              cta={t("home.getStarted")}
              to={id === "introductory" ? paths.register : `${paths.register}?plan=${id}`}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t("home.billing")}{" "}
          <Link to={paths.pricing} className="text-primary underline underline-offset-2">
            {t("home.compare")}
          </Link>
        </p>
      </Section>

      <section className="bg-primary px-4 py-16 text-center text-primary-foreground">
        <h2 className="text-2xl font-bold sm:text-3xl">{t("home.readyHeading")}</h2>
        <p className="mx-auto mt-3 max-w-xl opacity-90">{t("home.closing")}</p>
        <Button asChild size="lg" variant="outline" className="mt-6 border-primary-foreground bg-transparent">
          <Link to={paths.register}>{t("home.createFree")}</Link>
        </Button>
      </section>
    </>
  );
}
