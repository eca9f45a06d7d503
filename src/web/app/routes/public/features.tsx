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
import type { MessageId } from "#domain/i18n";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { useT } from "#web/lib/i18n";
import { useStoreCount } from "#web/lib/store-count";

/** Each feature's title and text in the catalogue ("features.<name>Title", "features.<name>"); they take the store count. */
const FEATURES: { icon: typeof Globe2; name: string }[] = [
  { icon: Globe2, name: "stores" },
  { icon: Sparkles, name: "review" },
  { icon: BarChart3, name: "analytics" },
  { icon: IndianRupee, name: "royalties" },
  { icon: MonitorPlay, name: "contentId" },
  { icon: ListMusic, name: "pitching" },
  { icon: Link2, name: "smartLinks" },
  { icon: CalendarClock, name: "releaseDates" },
  { icon: Users, name: "label" },
  { icon: Megaphone, name: "fan" },
  { icon: ShieldCheck, name: "rights" },
  { icon: BadgeCheck, name: "support" },
];

export function FeaturesPage() {
  usePublicPageMeta("/features");
  const t = useT();
  const stores = useStoreCount();
  return (
    <>
      <PageHero title={t("features.heading")}>{t("features.intro")}</PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">{t("features.all")}</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <FeatureCard
            key={f.name}
            icon={f.icon}
            title={t(`features.${f.name}Title` as MessageId, { stores })}
            text={t(`features.${f.name}` as MessageId, { stores })}
          />
        ))}
      </div>
      <div className="pb-16 text-center">
        <Button asChild size="lg">
          <Link to={paths.register}>{t("features.getStarted")}</Link>
        </Button>
      </div>
    </>
  );
}
