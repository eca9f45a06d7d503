import { ExternalLink } from "lucide-react";
import { todayIst } from "#domain/clock";
import { STORE_STATE_LABELS, type StoreState, whereaboutsHeadline } from "#domain/deliveries";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import type { ReleaseDetail } from "#web/features/releases/api/get-release";
import { formatDate } from "#web/lib/format";

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
  if (entry.state === "rejected")
    return `${entry.storeName} said: ${entry.storeMessage ?? "the release was not accepted."} Our team will fix it and send it again.`;
  if (entry.state === "accepted") return `Goes live ${formatDate(releaseDate)}`;
  if (entry.state === "live" && entry.url)
    return (
      <a
        href={entry.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-primary underline"
      >
        Open on {entry.storeName}
        <ExternalLink className="h-3 w-3" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  return "—";
}

/** Every store with where the release is there: its state, since when, and what the store said. */
export function StoreTimeline({ stores, releaseDate }: { stores: readonly StoreEntry[]; releaseDate: string }) {
  return (
    <section aria-labelledby="stores-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="stores-heading" className="text-xl font-semibold">
          Where is my music?
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
                <strong>{s.storeName} did not accept this release.</strong> {details(s, releaseDate)}
              </p>
            ))}
        </div>
      )}
      <DataTable
        label="Stores"
        className="min-w-[560px]"
        rows={stores}
        rowKey={(entry) => entry.store}
        emptyText="No stores are configured."
        columns={[
          { header: "Store", rowHeader: true, cell: (entry) => entry.storeName },
          {
            header: "Status",
            cell: (entry) => (
              <Badge tone={TONE[entry.state as StoreState] ?? "neutral"}>
                {STORE_STATE_LABELS[entry.state as StoreState] ?? entry.state}
              </Badge>
            ),
          },
          { header: "Since", cell: (entry) => (entry.at ? formatDate(entry.at) : "—") },
          { header: "Details", className: "max-w-sm break-words", cell: (entry) => details(entry, releaseDate) },
        ]}
      />
    </section>
  );
}
