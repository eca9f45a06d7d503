import {
  BadgeCheck,
  BarChart3,
  CalendarClock,
  Globe2,
  IndianRupee,
  Link2,
  ListMusic,
  Megaphone,
  MonitorPlay,
  ShieldCheck,
  Sparkles,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { CLAIMS } from "#domain/claims";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { useStoreCount } from "#web/lib/store-count";

/** Titles and texts are the claims' (src/domain/claims.ts) where they promise something. */
const FEATURES: {
  icon: typeof Globe2;
  title: string | ((stores: string) => string);
  text: string | ((stores: string) => string);
}[] = [
  {
    icon: Globe2,
    title: CLAIMS.storesTitle,
    text: CLAIMS.storesText,
  },
  {
    icon: Sparkles,
    title: "AI-Assisted Review",
    text: "Before a person reviews your release, automated checks read your audio and artwork and flag what stores would reject: sample rate, bit depth, square artwork, title style. Each finding says how to fix it.",
  },
  {
    icon: BarChart3,
    title: "Real-time Analytics",
    text: "Follow streams, listeners and countries per release and per store as reports arrive, compare periods, and export the figures as CSV for your team or label.",
  },
  {
    icon: IndianRupee,
    title: "Transparent Royalties",
    text: "Earnings are shown store by store and month by month in rupees. Keep up to 85% of your revenue and request a payout by bank transfer or PayPal once your balance reaches ₹500.",
  },
  {
    icon: MonitorPlay,
    title: CLAIMS.contentIdTitle,
    text: CLAIMS.contentId,
  },
  {
    icon: ListMusic,
    title: CLAIMS.pitchingTitle,
    text: CLAIMS.pitching,
  },
  {
    icon: Link2,
    title: "Smart Links",
    text: "Share one link that sends every fan to your release on the service they already use, with clicks counted per platform.",
  },
  {
    icon: CalendarClock,
    title: CLAIMS.releaseDatesTitle,
    text: CLAIMS.releaseDates,
  },
  {
    icon: Users,
    title: CLAIMS.labelTitle,
    text: CLAIMS.label,
  },
  {
    icon: Megaphone,
    title: CLAIMS.fanTitle,
    text: CLAIMS.fan,
  },
  {
    icon: ShieldCheck,
    title: "Keep 100% of Your Rights",
    text: "You own your masters and your publishing. Take a release down at any time and we stop delivering it to every store.",
  },
  {
    icon: BadgeCheck,
    title: "Human Support in India",
    text: "A support team that knows the Indian music market answers tickets within 24-48 business hours, in plain language.",
  },
];

export function FeaturesPage() {
  usePublicPageMeta("/features");
  const stores = useStoreCount();
  return (
    <>
      <PageHero title="Everything You Need to Release Music">
        Distribution, quality checks, analytics, royalties and promotion in one place, built for independent artists and
        labels.
      </PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">All features</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => {
          const title = typeof f.title === "function" ? f.title(stores) : f.title;
          return (
            <FeatureCard
              key={title}
              icon={f.icon}
              title={title}
              text={typeof f.text === "function" ? f.text(stores) : f.text}
            />
          );
        })}
      </div>
      <div className="pb-16 text-center">
        <Button asChild size="lg">
          <Link to={paths.register}>Get Started Free</Link>
        </Button>
      </div>
    </>
  );
}
