import { Award, Check, Clock, Disc3, Headphones, Mic2, Music2, PenTool, Sliders, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { formatInr } from "#domain/money";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero, Section } from "#web/features/marketing/components/page-hero";
import { useT } from "#web/lib/i18n";

const SERVICES = [
  { icon: Music2, key: "beats" },
  { icon: PenTool, key: "songwriting" },
  { icon: Mic2, key: "vocals" },
  { icon: Sliders, key: "mixing" },
  { icon: Disc3, key: "mastering" },
  { icon: Headphones, key: "sound" },
] as const;

const PACKAGES = [
  { key: "starter", pricePaise: 1_499_900 },
  { key: "professional", pricePaise: 3_999_900 },
  { key: "album", pricePaise: 9_999_900 },
] as const;

const STEPS = ["consultation", "pre", "production", "release"] as const;

const REASONS = [
  { icon: Award, key: "team" },
  { icon: Users, key: "artist" },
  { icon: Clock, key: "time" },
  { icon: Sparkles, key: "ready" },
] as const;

export function ProductionPage() {
  const t = useT();
  usePublicPageMeta("/production");
  const quote = (subject: string) => `${paths.contact}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHero title={t("production.title")}>{t("production.intro")}</PageHero>

      <Section title={t("production.services")} id="production-services">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <FeatureCard
              key={s.key}
              icon={s.icon}
              title={t(`production.${s.key}.title`)}
              text={t(`production.${s.key}.text`)}
            />
          ))}
        </div>
      </Section>

      <Section title={t("production.packages")} id="production-packages">
        <div className="grid gap-6 md:grid-cols-3">
          {PACKAGES.map((p) => (
            <article key={p.key} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{t(`production.pkg.${p.key}.name`)}</h3>
              <p className="mt-2">
                <span className="text-sm text-muted-foreground">{t("production.from")}</span>
                <span className="text-3xl font-bold">{formatInr(p.pricePaise)}</span>
              </p>
              <ul className="mt-4 grid flex-1 gap-2 text-sm">
                {t(`production.pkg.${p.key}.features`)
                  .split("\n")
                  .map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
                      {f}
                    </li>
                  ))}
              </ul>
              <Button asChild className="mt-6" variant="outline">
                <Link
                  to={quote(t("production.quoteSubject", { name: t(`production.pkg.${p.key}.name`) }))}
                  aria-label={t("production.quoteFor", { name: t(`production.pkg.${p.key}.name`) })}
                >
                  {t("production.quote")}
                </Link>
              </Button>
            </article>
          ))}
        </div>
      </Section>

      <Section title={t("production.how")} id="production-process">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-xl border border-border bg-card p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{t(`production.step.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`production.step.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t("production.why")} id="production-reasons">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((r) => (
            <FeatureCard
              key={r.key}
              icon={r.icon}
              title={t(`production.why.${r.key}.title`)}
              text={t(`production.why.${r.key}.text`)}
            />
          ))}
        </div>
      </Section>

      <section className="bg-muted px-4 py-16 text-center">
        <h2 className="text-2xl font-bold">{t("production.ready")}</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={quote(t("production.newProject"))}>{t("production.start")}</Link>
          </Button>
          <Button size="lg" variant="outline" disabled aria-describedby="listen-soon">
            {t("production.listen")}
          </Button>
        </div>
        <p id="listen-soon" className="mt-3 text-sm text-muted-foreground">
          {t("production.soon")}
        </p>
      </section>
    </>
  );
}
