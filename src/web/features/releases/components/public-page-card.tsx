import { Copy, ExternalLink } from "lucide-react";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import type { ReleaseDetail } from "#web/features/releases/api/get-release";
import { formatCount } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { shareRelease } from "./share-release";

/** The release's public page: its address to share, and how many fans opened it and went to each store. */
export function PublicPageCard({ detail }: { detail: ReleaseDetail }) {
  const t = useT();
  const { release, publicPage } = detail;
  const link =
    typeof window === "undefined" ? publicPage.path : new URL(publicPage.path, window.location.origin).toString();
  const clicks = [...publicPage.clicks].sort((a, b) => b.count - a.count);
  return (
    <Card>
      <section aria-labelledby="public-page-heading" className="grid gap-3">
        <h2 id="public-page-heading" className="text-xl font-semibold">
          {t("publicPage.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("publicPage.intro")}</p>
        <p className="break-all font-mono text-sm">{link}</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => shareRelease(release)}>
            <Copy className="h-4 w-4" aria-hidden />
            {t("publicPage.copy")}
          </Button>
          <Button variant="outline" asChild>
            <a href={publicPage.path} target="_blank" rel="noreferrer">
              <ExternalLink className="h-4 w-4" aria-hidden />
              {t("publicPage.open")}
              <span className="sr-only">{t("ui.newTab")}</span>
            </a>
          </Button>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t("publicPage.visits")}</dt>
            <dd className="text-lg font-semibold">{formatCount(publicPage.visits)}</dd>
          </div>
          {clicks.map((c) => (
            <div key={c.store}>
              <dt className="text-muted-foreground">{t("publicPage.clicksTo", { store: c.storeName })}</dt>
              <dd className="text-lg font-semibold">{formatCount(c.count)}</dd>
            </div>
          ))}
        </dl>
        {clicks.length === 0 && <p className="text-sm text-muted-foreground">{t("publicPage.noClicks")}</p>}
      </section>
    </Card>
  );
}
