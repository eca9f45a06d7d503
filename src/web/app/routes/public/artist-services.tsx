import { Brush, Disc3, Headphones, Megaphone, Mic2, Radio, Sliders, Video } from "lucide-react";
import { Link } from "react-router";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { useT } from "#web/lib/i18n";

const SERVICES = [
  { icon: Mic2, key: "recording" },
  { icon: Disc3, key: "production" },
  { icon: Headphones, key: "development" },
  { icon: Sliders, key: "mixing" },
  { icon: Radio, key: "radio" },
  { icon: Video, key: "videos" },
  { icon: Brush, key: "artwork" },
  { icon: Megaphone, key: "marketing" },
] as const;

export function ArtistServicesPage() {
  const t = useT();
  usePublicPageMeta("/artist-services");
  return (
    <>
      <PageHero title={t("page.services.title")}>{t("services.intro")}</PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">{t("services.heading")}</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map((s) => (
          <FeatureCard
            key={s.key}
            icon={s.icon}
            title={t(`services.${s.key}.title`)}
            text={t(`services.${s.key}.text`)}
          />
        ))}
      </div>
      <div className="pb-16 text-center">
        <Button asChild size="lg">
          <Link to={paths.contact}>{t("services.contact")}</Link>
        </Button>
      </div>
    </>
  );
}
