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
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero } from "#web/features/marketing/components/page-hero";

const FEATURES = [
  {
    icon: Globe2,
    title: "150+ Stores and Platforms",
    text: "One upload reaches Spotify, Apple Music, YouTube Music, Amazon Music, JioSaavn, Gaana, Wynk and more than 150 stores and platforms across the world, with India's services first in line.",
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
    title: "YouTube Content ID",
    text: "Collect revenue whenever your music is used in videos on YouTube. Included with Pro Artist and available as an add-on for Basic Artist.",
  },
  {
    icon: ListMusic,
    title: "Playlist Pitching",
    text: "Pitch upcoming releases to editorial playlists with your story, mood and genre. Release four weeks ahead to give curators time to listen.",
  },
  {
    icon: Link2,
    title: "Smart Links",
    text: "Share one link that sends every fan to your release on the service they already use, with clicks counted per platform.",
  },
  {
    icon: CalendarClock,
    title: "Pre-Save Campaigns and Release Dates",
    text: "Choose your release date, open pre-saves and pre-orders, and let fans add your music to their library before it is out.",
  },
  {
    icon: Users,
    title: "Label and Team Accounts",
    text: "Manage up to five artist profiles on the Label Plan, with bulk release tools and a dedicated account manager.",
  },
  {
    icon: Megaphone,
    title: "Fan Engagement Tools",
    text: "Social promotion kits, lyrics delivery and release announcements help you turn listeners into fans.",
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
  return (
    <>
      <PageHero title="Everything You Need to Release Music">
        Distribution, quality checks, analytics, royalties and promotion in one place, built for independent artists and
        labels.
      </PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">All features</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <FeatureCard key={f.title} {...f} />
        ))}
      </div>
      <div className="pb-16 text-center">
        <Button asChild size="lg">
          <Link to={paths.register}>Get Started Free</Link>
        </Button>
      </div>
    </>
  );
}
