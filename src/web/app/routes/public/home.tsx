import { BarChart3, Globe2, IndianRupee, Wrench } from "lucide-react";
import { Link } from "react-router";
import { CLAIMS } from "#domain/claims";
import { LANDING_PLAN_IDS, PLANS } from "#domain/plans";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { Section } from "#web/features/marketing/components/page-hero";
import { PlanCard } from "#web/features/marketing/components/plan-card";
import { useStoreCount } from "#web/lib/store-count";

/** Our own wordmarks of services we deliver to; no copied logo files. */
const SERVICES = ["Spotify", "Apple Music", "YouTube Music", "Amazon Music", "JioSaavn", "Gaana"] as const;

/** Each text takes the store count (only the first uses it). */
const BENEFITS: { icon: typeof Globe2; title: string; text: (stores: string) => string }[] = [
  {
    icon: Globe2,
    title: "Global Distribution",
    text: CLAIMS.globalDistribution,
  },
  {
    icon: BarChart3,
    title: "Real-time Analytics",
    text: () => "See streams, listeners and top countries for every release as the stores report them.",
  },
  {
    icon: IndianRupee,
    title: "Transparent Royalties",
    text: () => "Monthly statements in rupees, store by store, and up to 85% of the revenue is yours.",
  },
  {
    icon: Wrench,
    title: "Professional Tools",
    text: () => CLAIMS.tools,
  },
];

export function HomePage() {
  usePublicPageMeta("/");
  const stores = useStoreCount();
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
        <p className="mx-auto mb-6 inline-block rounded-full border border-border px-4 py-1 text-sm text-muted-foreground">
          Go live on major stores within 24 hours
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
          Distribute Your Music Globally. <span className="text-primary">Amplify Your Reach.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{CLAIMS.heroIntro(stores)}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.register}>Start Distributing</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.features}>Learn More</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="stores-heading" className="border-y border-border py-8">
        <h2
          id="stores-heading"
          className="text-center text-sm font-medium uppercase tracking-wider text-muted-foreground"
        >
          Your music on the stores your fans use
        </h2>
        <ul className="mx-auto mt-4 flex max-w-5xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4">
          {SERVICES.map((name) => (
            <li key={name} className="text-lg font-bold tracking-tight text-muted-foreground sm:text-xl">
              {name}
            </li>
          ))}
        </ul>
      </section>

      <Section title="Why artists choose Kalrav" id="benefits-heading">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <FeatureCard key={b.title} icon={b.icon} title={b.title} text={b.text(stores)} />
          ))}
        </div>
      </Section>

      <Section title="Simple yearly pricing" id="pricing-heading">
        <div className="grid gap-6 md:grid-cols-3">
          {LANDING_PLAN_IDS.map((id) => (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              cta="Get Started"
              to={id === "introductory" ? paths.register : `${paths.register}?plan=${id}`}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Billed yearly in INR. Pay by card, debit card or UPI.{" "}
          <Link to={paths.pricing} className="text-primary underline underline-offset-2">
            Compare all plans
          </Link>
        </p>
      </Section>

      <section className="bg-primary px-4 py-16 text-center text-primary-foreground">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to share your music with the world?</h2>
        <p className="mx-auto mt-3 max-w-xl opacity-90">{CLAIMS.closing}</p>
        <Button asChild size="lg" variant="outline" className="mt-6 border-primary-foreground bg-transparent">
          <Link to={paths.register}>Create Your Free Account</Link>
        </Button>
      </section>
    </>
  );
}
