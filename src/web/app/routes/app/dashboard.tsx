import { Globe2, Headphones, IndianRupee, TrendingUp, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatInr } from "#domain/money";
import { isFirstRun, ONBOARDING_TEXT } from "#domain/onboarding";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { type Dashboard, useDashboard } from "#web/features/dashboard/api/get-dashboard";
import { OnboardingChecklist } from "#web/features/dashboard/components/onboarding-checklist";
import { StatCard } from "#web/features/dashboard/components/stat-card";
import { StreamsChart } from "#web/features/dashboard/components/streams-chart";
import { releaseHref } from "#web/features/releases/components/release-card";
import { ArtistReleaseBadge } from "#web/features/releases/components/release-status-badge";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { PaywallNotice } from "#web/features/subscriptions/components/paywall-notice";
import { countryName, formatCount, formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

const EMPTY: Dashboard = {
  stats: {
    totalStreams: 0,
    totalListeners: 0,
    totalRoyaltiesPaise: 0,
    growthRatePercent: null,
    changes: { streams: null, listeners: null, royalties: null, growthRate: null },
  },
  series: { weekly: [], monthly: [], quarterly: [] },
  recentReleases: [],
  platforms: [],
  countries: [],
  onboarding: { plan: false, payout: false, release: false },
  payeeOnly: false,
};

export function DashboardPage() {
  const t = useT();
  usePageMeta(t("dashboard.title"));
  const { data: user } = useSession();
  const dashboard = useDashboard();
  const subscription = useSubscription();
  const [period, setPeriod] = useState<"weekly" | "monthly" | "quarterly">("weekly");

  useEffect(() => {
    if (dashboard.isError) {
      toast({
        title: t("dashboard.errorTitle"),
        description: t("dashboard.errorDescription"),
        variant: "destructive",
      });
    }
  }, [dashboard.isError, t]);

  // On failure the stats read zero and the lists stay empty (product §4).
  const data = dashboard.data ?? EMPTY;
  const { stats } = data;
  const name = user?.name?.trim() || user?.email || "";
  // A new artist is walked through the first steps rather than welcomed back to zeros.
  // A collaborator who only accepted splits needs no plan: they see their shares, not an artist's steps.
  const payeeOnly = data.payeeOnly;
  const firstRun = dashboard.isSuccess && !payeeOnly && isFirstRun(data.onboarding);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {firstRun ? ONBOARDING_TEXT.heading(name) : t("dashboard.welcomeBack", { name })}
        </h1>
        <p className="mt-1 text-muted-foreground">{firstRun ? ONBOARDING_TEXT.intro : t("dashboard.intro")}</p>
      </div>

      {firstRun && <OnboardingChecklist progress={data.onboarding} />}

      {payeeOnly ? (
        <section aria-labelledby="payee-title" className="rounded-xl border border-border bg-card p-4 text-sm">
          <h2 id="payee-title" className="font-semibold">
            {t("dashboard.payeeTitle")}
          </h2>
          <p className="mt-1">{t("dashboard.payeeText")}</p>
          <Button asChild className="mt-3">
            <Link to={paths.app.royalties}>{t("dashboard.goToRoyalties")}</Link>
          </Button>
        </section>
      ) : (
        subscription.data && <PaywallNotice standing={subscription.data} />
      )}

      {dashboard.isPending ? (
        <div role="status" aria-label={t("dashboard.loading")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {["streams", "listeners", "royalties", "growth"].map((k) => (
            <Skeleton key={k} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            title={t("dashboard.totalStreams")}
            value={formatCount(stats.totalStreams)}
            change={stats.changes.streams}
            icon={Headphones}
          />
          <StatCard
            title={t("dashboard.totalListeners")}
            value={formatCount(stats.totalListeners)}
            change={stats.changes.listeners}
            icon={Globe2}
          />
          <StatCard
            title={t("dashboard.totalRoyalties")}
            value={formatInr(stats.totalRoyaltiesPaise)}
            change={stats.changes.royalties}
            icon={IndianRupee}
          />
          <StatCard
            title={t("dashboard.growthRate")}
            value={stats.growthRatePercent === null ? "—" : `${stats.growthRatePercent}%`}
            change={stats.changes.growthRate}
            unit={t("dashboard.points")}
            icon={TrendingUp}
          />
        </div>
      )}

      {data.series.weekly.length > 0 && (
        <StreamsChart series={data.series} period={period} onPeriodChange={setPeriod} />
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">{t("dashboard.recentReleases")}</h2>
            <Link to={paths.app.releases} className="text-sm text-primary underline underline-offset-2">
              {t("dashboard.viewAll")}
            </Link>
          </div>
          {data.recentReleases.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t("dashboard.noReleases")}</p>
          ) : (
            <ul className="mt-4 grid gap-3">
              {data.recentReleases.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2">
                  <div className="min-w-0">
                    <Link to={releaseHref(r.id)} className="block truncate font-medium hover:underline">
                      {r.title}
                    </Link>
                    <p className="text-xs text-muted-foreground">{formatDate(r.releaseDate)}</p>
                  </div>
                  <ArtistReleaseBadge release={r} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t("dashboard.platforms")}</h2>
          {data.platforms.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t("dashboard.noPlatforms")}</p>
          ) : (
            <ul className="mt-4 grid gap-3">
              {data.platforms.map((p) => (
                <li key={p.name}>
                  <div className="flex justify-between text-sm">
                    <span>{p.name}</span>
                    <span className="text-muted-foreground">
                      {formatCount(p.streams)} · {p.percent}%
                    </span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden>
                    <div className="h-2 rounded-full bg-primary" style={{ width: `${p.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t("dashboard.locations")}</h2>
          {data.countries.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t("dashboard.noLocations")}</p>
          ) : (
            <ul className="mt-4 grid gap-2">
              {data.countries.map((c) => (
                <li key={c.code} className="flex justify-between text-sm">
                  <span>{countryName(c.code)}</span>
                  <span className="text-muted-foreground">
                    {t("dashboard.listeners", { count: formatCount(c.listeners) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <section className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-primary p-6 text-primary-foreground">
        <div>
          <h2 className="text-xl font-semibold">{t("dashboard.readyTitle")}</h2>
          <p className="opacity-90">{t("dashboard.readyText")}</p>
        </div>
        <Button asChild variant="outline" className="border-primary-foreground bg-transparent">
          <Link to={`${paths.app.releases}?new=1`}>
            <Upload className="h-4 w-4" aria-hidden />
            {t("dashboard.upload")}
          </Link>
        </Button>
      </section>
    </div>
  );
}
