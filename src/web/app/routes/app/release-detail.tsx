import { ArrowLeft, Pencil } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { languageLabel } from "#domain/credits";
import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { DEFAULT_PLAN_ID, PLANS } from "#domain/plans";
import { artistMayChange, releaseTypeLabel } from "#domain/releases";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { paths } from "#web/config/paths";
import { ProvenanceCard } from "#web/features/provenance/components/provenance-card";
import { useRelease } from "#web/features/releases/api/get-release";
import { EditReleaseDialog } from "#web/features/releases/components/edit-release-dialog";
import { PublicPageCard } from "#web/features/releases/components/public-page-card";
import {
  LevelsTable,
  QualityReportView,
  TrackLyrics,
  TrackTable,
} from "#web/features/releases/components/quality-report";
import { ReleaseHistory } from "#web/features/releases/components/release-history";
import { artworkSource, ReleaseMedia } from "#web/features/releases/components/release-media";
import { ArtistReleaseBadge } from "#web/features/releases/components/release-status-badge";
import { StoreTimeline, whereabouts } from "#web/features/releases/components/store-timeline";
import { StoreVerdictsView } from "#web/features/releases/components/store-verdicts";
import { SplitsCard } from "#web/features/royalties/components/splits-card";
import { CheckoutDialog } from "#web/features/subscriptions/components/checkout-dialog";
import { useCheckoutReturn } from "#web/features/subscriptions/components/use-checkout-return";
import { formatCount, formatDate, languageName } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useCan } from "#web/lib/session";

export function ReleaseDetailPage() {
  const t = useT();
  const canWrite = useCan("releases:write");
  const { id = "" } = useParams();
  const { data, isPending, isError } = useRelease(id);
  const release = data?.release;
  const [paying, setPaying] = useState(false);
  const [editing, setEditing] = useState(false);
  useCheckoutReturn();
  usePageMeta(release?.title ?? t("detail.release"));
  const back = (
    <Link
      to={paths.app.releases}
      className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-2"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t("detail.back")}
    </Link>
  );
  if (isPending) return <Skeleton className="mx-auto h-64 max-w-4xl" />;
  if (isError || !data || !release) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4">
        {back}
        <h1 className="text-2xl font-bold">{t("detail.notFound")}</h1>
        <p className="text-muted-foreground">{t("detail.notFoundText")}</p>
      </div>
    );
  }
  const changeable = artistMayChange(release.status) && canWrite;
  const rejected = release.status === "rejected";
  const facts: [string, string][] = [
    [t("detail.artist"), release.artistName],
    [t("detail.type"), releaseTypeLabel(release.releaseType)],
    [t("detail.date"), formatDate(release.releaseDate)],
    [t("detail.genre"), release.genre || "—"],
    [t("detail.language"), release.language ? languageName(release.language, languageLabel(release.language)) : "—"],
    [t("detail.upc"), release.upcEan || t("detail.upcLater")],
    [t("detail.explicit"), release.isExplicit ? t("detail.yes") : t("detail.no")],
    [t("detail.submitted"), formatDate(release.submittedAt)],
    [t("detail.liveSince"), release.liveAt ? formatDate(release.liveAt) : "—"],
  ];
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{release.title}</h1>
        <ArtistReleaseBadge release={release} />
        {changeable && (
          <Button variant={rejected ? "default" : "outline"} className="ml-auto" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            {rejected ? t("detail.fix") : t("detail.edit")}
          </Button>
        )}
      </div>
      <div className="grid gap-6 md:grid-cols-[240px_1fr]">
        {artworkSource(release) ? (
          <img
            src={artworkSource(release)}
            alt={t("detail.cover", { title: release.title })}
            className="aspect-square w-full rounded-xl object-cover"
          />
        ) : (
          <div className="aspect-square w-full rounded-xl bg-muted" aria-hidden />
        )}
        <div className="grid content-start gap-4">
          <Card>
            <h2 className="text-sm font-medium text-muted-foreground">{t("detail.streams")}</h2>
            <p className="mt-1 text-3xl font-bold">{formatCount(release.streams)}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t("detail.streamsNote")}</p>
          </Card>
          {data.delivery.stores > 0 && (release.status === "live" || release.status === "taken_down") && (
            <Card>
              <h2 className="text-sm font-medium text-muted-foreground">{t("detail.stores")}</h2>
              <p className="mt-1 text-lg font-semibold">{whereabouts(data.stores, release.releaseDate)}</p>
            </Card>
          )}
          {data.delivery.awaitingPayment > 0 && (
            <section
              aria-labelledby="release-payment-title"
              className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 text-sm"
            >
              <h2 id="release-payment-title" className="font-semibold">
                {t("detail.waiting")}
              </h2>
              <p className="mt-1">{PAYWALL_MESSAGES.releaseWaiting}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`${paths.app.subscriptions}?plan=${DEFAULT_PLAN_ID}`}>{t("detail.payPlan")}</Link>
                </Button>
                {data.tracks.length <= 1 && (
                  <Button variant="outline" onClick={() => setPaying(true)}>
                    {t("detail.payRelease", { amount: formatInr(PLANS.introductory.pricePaise) })}
                  </Button>
                )}
              </div>
            </section>
          )}
          {release.adminNotes && (
            <Card className={rejected ? "border-amber-500/60" : undefined}>
              <h2 className="text-sm font-medium text-muted-foreground">{t("detail.notes")}</h2>
              <p className="mt-1">{release.adminNotes}</p>
              {rejected && <p className="mt-2 text-sm text-muted-foreground">{t("detail.notesFix")}</p>}
            </Card>
          )}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <Card>
        <ReleaseMedia
          base={`/api/releases/${release.id}`}
          title={release.title}
          files={data.files}
          tracks={data.tracks}
          showArtwork={false}
        />
      </Card>
      {(release.status === "live" || release.status === "taken_down") && (
        <StoreTimeline stores={data.stores} releaseDate={release.releaseDate} />
      )}
      {release.status === "live" && <PublicPageCard detail={data} />}
      <Card>
        <QualityReportView quality={data.quality} onEdit={changeable ? () => setEditing(true) : undefined} />
      </Card>
      <Card>
        <StoreVerdictsView verdict={data.verdict} />
      </Card>
      <TrackTable tracks={data.tracks} />
      <TrackLyrics tracks={data.tracks} />
      <LevelsTable tracks={data.tracks} />
      <Card>
        <ProvenanceCard releaseId={release.id} checked={data.quality.status === "done"} />
      </Card>
      <SplitsCard releaseId={release.id} ownerName={release.artistName} />
      <ReleaseHistory history={data.history} />
      {changeable && <EditReleaseDialog release={release} open={editing} onOpenChange={setEditing} />}
      <CheckoutDialog
        planId={paying ? "introductory" : null}
        releaseId={release.id}
        returnTo={`/app/releases/${release.id}`}
        onOpenChange={(open) => setPaying(open)}
      />
    </div>
  );
}
