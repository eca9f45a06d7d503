import { ExternalLink } from "lucide-react";
import { todayIst } from "#domain/clock";
import { STORE_STATE_LABELS, type StoreState, whereaboutsHeadline } from "#domain/deliveries";
import { t } from "#domain/i18n";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import type { ReleaseDetail } from "#web/features/releases/api/get-release";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

type StoreEntry = ReleaseDetail["stores"][number];

const TONE: Record<StoreState, "neutral" | "success" | "warning" | "danger" | "info"> = {
  not_sent: "neutral",
  waiting_payment: "warning",
  sending: "neutral",
  delivered: "info",
  accepted: "info",
  live: "success",
  rejected: "danger",
  problem: "danger",
  removing: "neutral",
  taken_down: "neutral",
};

/** The one line beside the release's status: "Live on 4 of 6 stores", "Goes live on stores 20 Dec 2026"... */
export function whereabouts(stores: readonly StoreEntry[], releaseDate: string): string {
  return whereaboutsHeadline(
    stores.map((s) => s.state as StoreState),
    releaseDate,
    todayIst(),
    formatDate,
  );
}

function details(entry: StoreEntry, releaseDate: string) {
  // Read at render, in the active language (a plain function, not a component).
  if (entry.state === "rejected")
    return t("timeline.said", {
      store: entry.storeName,
      message: entry.storeMessage ?? t("timeline.notAccepted"),
    });
  if (entry.state === "accepted") return t("timeline.goesLive", { date: formatDate(releaseDate) });
  if (entry.state === "live" && entry.url)
    return (
      <a
        href={entry.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-primary underline"
      >
        {t("timeline.open", { store: entry.storeName })}
        <ExternalLink className="h-3 w-3" aria-hidden />
        <span className="sr-only">{t("ui.newTab")}</span>
      </a>
    );
  return "—";
}

/** Every store with where the release is there: its state, since when, and what the store said. */
export function StoreTimeline({ stores, releaseDate }: { stores: readonly StoreEntry[]; releaseDate: string }) {
  const t = useT();
  return (
    <section aria-labelledby="stores-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="stores-heading" className="text-xl font-semibold">
          {t("timeline.title")}
        </h2>
        <span className="text-sm text-muted-foreground">{whereabouts(stores, releaseDate)}</span>
      </div>
      {/* Outside the table, which scrolls sideways on a phone: a store's refusal is never off screen. */}
      {stores.some((s) => s.state === "rejected") && (
        <div role="alert" className="grid gap-1 rounded-md border border-red-700/60 bg-red-700/10 p-3 text-sm">
          {stores
            .filter((s) => s.state === "rejected")
            .map((s) => (
              <p key={s.store}>
                <strong>{t("timeline.refused", { store: s.storeName })}</strong> {details(s, releaseDate)}
              </p>
            ))}
        </div>
      )}
      <DataTable
        label={t("timeline.stores")}
        className="min-w-[560px]"
        rows={stores}
        rowKey={(entry) => entry.store}
        emptyText={t("timeline.none")}
        columns={[
          { header: t("ui.col.store"), rowHeader: true, cell: (entry) => entry.storeName },
          {
            header: t("ui.col.status"),
            cell: (entry) => (
              <Badge tone={TONE[entry.state as StoreState] ?? "neutral"}>
                {STORE_STATE_LABELS[entry.state as StoreState] ?? entry.state}
              </Badge>
            ),
          },
          { header: t("timeline.since"), cell: (entry) => (entry.at ? formatDate(entry.at) : "—") },
          {
            header: t("timeline.details"),
            className: "max-w-sm break-words",
            cell: (entry) => details(entry, releaseDate),
          },
        ]}
      />
    </section>
  );
}
