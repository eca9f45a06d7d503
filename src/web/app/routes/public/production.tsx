import { Award, Check, Clock, Disc3, Headphones, Mic2, Music2, PenTool, Sliders, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { formatInr } from "#domain/money";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero, Section } from "#web/features/marketing/components/page-hero";

const SERVICES = [
  {
    icon: Music2,
    title: "Beat Production",
    text: "Original beats and instrumentals made for your voice and your genre.",
  },
  {
    icon: PenTool,
    title: "Songwriting & Composition",
    text: "Lyrics, melodies and arrangements written with you or for you.",
  },
  {
    icon: Mic2,
    title: "Vocal Recording",
    text: "Guided vocal sessions with comping and tuning that keeps your character.",
  },
  { icon: Sliders, title: "Mixing", text: "Detailed mixes with revisions until every element sits where it should." },
  {
    icon: Disc3,
    title: "Mastering",
    text: "Masters for streaming, vinyl and broadcast, loudness-matched per platform.",
  },
  {
    icon: Headphones,
    title: "Sound Design",
    text: "Custom sounds, textures and stems for songs, films, games and ads.",
  },
];

const PACKAGES = [
  {
    name: "Starter",
    pricePaise: 1_499_900,
    features: ["One produced track", "Mixing and mastering", "Two revision rounds", "Delivery in 2 weeks"],
  },
  {
    name: "Professional",
    pricePaise: 3_999_900,
    features: ["Three produced tracks", "Vocal recording session", "Mixing and mastering", "Unlimited revisions"],
  },
  {
    name: "Album",
    pricePaise: 9_999_900,
    features: ["Up to ten tracks", "Producer and engineer team", "Artwork design", "Release planning with Kalrav"],
  },
];

const STEPS = [
  { title: "Consultation", text: "We listen to your references and agree on sound, scope and timeline." },
  { title: "Pre-production", text: "Demos, arrangement and session planning before anyone presses record." },
  { title: "Production", text: "Recording, producing, mixing and mastering, with you in every review." },
  { title: "Release", text: "Your finished masters go straight into a Kalrav release, ready for stores." },
];

const REASONS = [
  {
    icon: Award,
    title: "Experienced team",
    text: "Producers and engineers with credits across film, indie and independent releases.",
  },
  {
    icon: Users,
    title: "Artist first",
    text: "You keep 100% of your rights and have the final say on every decision.",
  },
  { icon: Clock, title: "On time", text: "Clear timelines agreed up front and progress you can follow." },
  {
    icon: Sparkles,
    title: "Release ready",
    text: "Masters that pass store checks and go live with Kalrav distribution.",
  },
];

export function ProductionPage() {
  usePublicPageMeta("/production");
  const quote = (subject: string) => `${paths.contact}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHero title="Music Production">From the first idea to a master ready for every store.</PageHero>

      <Section title="Our Services" id="production-services">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <FeatureCard key={s.title} {...s} />
          ))}
        </div>
      </Section>

      <Section title="Packages" id="production-packages">
        <div className="grid gap-6 md:grid-cols-3">
          {PACKAGES.map((p) => (
            <article key={p.name} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{p.name}</h3>
              <p className="mt-2">
                <span className="text-sm text-muted-foreground">from </span>
                <span className="text-3xl font-bold">{formatInr(p.pricePaise)}</span>
              </p>
              <ul className="mt-4 grid flex-1 gap-2 text-sm">
                {p.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-6" variant="outline">
                <Link to={quote(`Quote request: ${p.name} production package`)} aria-label={`Get a Quote: ${p.name}`}>
                  Get a Quote
                </Link>
              </Button>
            </article>
          ))}
        </div>
      </Section>

      <Section title="How It Works" id="production-process">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-border bg-card p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Why Choose Kalrav Production" id="production-reasons">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((r) => (
            <FeatureCard key={r.title} {...r} />
          ))}
        </div>
      </Section>

      <section className="bg-muted px-4 py-16 text-center">
        <h2 className="text-2xl font-bold">Ready to make your next record?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={quote("New production project")}>Start Your Project</Link>
          </Button>
          <Button size="lg" variant="outline" disabled aria-describedby="listen-soon">
            Listen to Our Work
          </Button>
        </div>
        <p id="listen-soon" className="mt-3 text-sm text-muted-foreground">
          Our showreel is coming soon.
        </p>
      </section>
    </>
  );
}
