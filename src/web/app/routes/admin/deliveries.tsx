import { useState } from "react";
import { DELIVERY_KIND_LABELS } from "#domain/deliveries";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import { FormError } from "#web/components/ui/form-error";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { toast } from "#web/components/ui/toast";
import {
  type AdminDeliveryRow,
  type DeliveryView,
  type StoreHealth,
  useDeliveries,
  useResumeStore,
  useStoreHealth,
} from "#web/features/deliveries/api/deliveries";
import { useRetryDelivery } from "#web/features/releases/api/retry-delivery";
import { DeliveryStatusBadge } from "#web/features/releases/components/delivery-status-badge";
import { formatCount, formatDate, formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/** Operations: how each store is doing, stores paused after failing, and deliveries someone has to act on. */
export function DeliveriesPage() {
  const t = useT();
  usePageMeta(t("review.deliveries"));
  const stores = useStoreHealth();
  const [view, setView] = useState<DeliveryView>("attention");
  const paused = stores.data?.stores.filter((s) => s.pausedAt) ?? [];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("review.deliveries")}</h1>
        <p className="text-muted-foreground">{t("adminDel.intro")}</p>
      </div>
      {paused.map((store) => (
        <PausedStoreAlert key={store.store} store={store} />
      ))}
      <StoresTable stores={stores.data?.stores} loading={stores.isPending} error={stores.error?.message} />
      <Tabs value={view} onValueChange={(v) => setView(v as DeliveryView)} className="grid gap-3">
        <TabsList aria-label={t("adminDel.which")}>
          <TabsTrigger value="attention">{t("adminHome.needsAttention")}</TabsTrigger>
          <TabsTrigger value="recent">{t("adminDel.recent")}</TabsTrigger>
        </TabsList>
        <TabsContent value="attention">
          <DeliveryList view="attention" />
        </TabsContent>
        <TabsContent value="recent">
          <DeliveryList view="recent" />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PausedStoreAlert({ store }: { store: StoreHealth }) {
  const t = useT();
  const resume = useResumeStore();
  const [error, setError] = useState<string | null>(null);
  const onResume = async () => {
    try {
      const result = await resume.mutateAsync(store.store);
      setError(null);
      toast({ title: t("adminDel.resumed"), description: result.message });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section
      aria-labelledby={`paused-${store.store}`}
      className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 text-sm"
    >
      <h2 id={`paused-${store.store}`} className="font-semibold">
        {t("adminHome.paused", { store: store.storeName })}
      </h2>
      <p className="mt-1">
        {t("adminDel.since", {
          date: store.pausedAt ? formatDateTime(store.pausedAt) : "—",
          count: store.consecutiveFailures,
          error: store.lastError ?? "—",
        })}
      </p>
      <p className="mt-1 text-muted-foreground">
        {t("adminDel.wait", { count: formatCount(store.counts.paused ?? 0) })}
      </p>
      <FormError message={error} />
      <Button className="mt-3" onClick={onResume} disabled={resume.isPending}>
        {t("adminDel.resume", { store: store.storeName })}
      </Button>
    </section>
  );
}

const COLUMNS = ["queued", "sent", "acknowledged", "rejected", "failed", "paused"] as const;

function StoresTable({ stores, loading, error }: { stores?: StoreHealth[]; loading: boolean; error?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="stores-title" className="grid gap-3">
      <h2 id="stores-title" className="text-xl font-semibold">
        {t("timeline.stores")}
      </h2>
      <DataTable
        label={t("timeline.stores")}
        rows={stores}
        rowKey={(s) => s.store}
        loading={loading}
        loadingText={t("adminDel.loadingStores")}
        error={error}
        emptyText={t("timeline.none")}
        columns={[
          {
            header: t("ui.col.store"),
            rowHeader: true,
            cell: (s) => (
              <>
                {s.storeName} <span className="text-xs text-muted-foreground">({s.transport})</span>
              </>
            ),
          },
          ...COLUMNS.map((key) => ({
            header: t(`adminDel.col.${key}`),
            numeric: true,
            className: "tabular-nums",
            cell: (s: StoreHealth) => formatCount(s.counts[key] ?? 0),
          })),
          {
            header: t("adminDel.state"),
            cell: (s) =>
              s.pausedAt
                ? t("adminDel.paused")
                : s.consecutiveFailures
                  ? t("adminDel.failedInRow", { count: s.consecutiveFailures })
                  : t("adminDel.working"),
          },
        ]}
      />
    </section>
  );
}

function DeliveryList({ view }: { view: DeliveryView }) {
  const t = useT();
  const list = useDeliveries(view);
  const retry = useRetryDelivery();
  const [error, setError] = useState<string | null>(null);
  const onRetry = async (row: AdminDeliveryRow) => {
    try {
      await retry.mutateAsync(row.id);
      setError(null);
      toast({ title: t("review.requeued", { store: row.storeName }) });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="grid gap-2">
      <FormError message={error} />
      <DataTable
        label={view === "attention" ? t("adminDel.attentionList") : t("adminDel.recentList")}
        rows={list.data?.deliveries}
        rowKey={(row) => row.id}
        loading={list.isPending}
        loadingText={t("adminDel.loading")}
        error={list.isError ? t("adminDel.loadFailed") : null}
        emptyText={view === "attention" ? t("adminDel.allGood") : t("adminDel.none")}
        columns={[
          {
            header: t("ui.col.release"),
            cell: (row) => (
              <>
                <span className="font-medium">{row.releaseTitle}</span>
                <span className="block text-xs text-muted-foreground">
                  {row.artistName} · {formatDate(row.createdAt)}
                </span>
              </>
            ),
          },
          { header: t("ui.col.store"), cell: (row) => row.storeName },
          {
            header: t("review.message"),
            cell: (row) => (DELIVERY_KIND_LABELS as Record<string, string>)[row.kind] ?? row.kind,
          },
          { header: t("ui.col.status"), cell: (row) => <DeliveryStatusBadge status={row.status} /> },
          {
            header: t("timeline.details"),
            className: "max-w-xs break-words text-xs",
            cell: (row) =>
              row.status === "rejected"
                ? t("review.said", { store: row.storeName, message: row.storeMessage ?? t("review.rejected") })
                : (row.lastError ?? "—"),
          },
          {
            header: t("ui.col.actions"),
            cell: (row) =>
              (row.status === "failed" || row.status === "rejected") && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t("adminDel.retryOf", { title: row.releaseTitle, store: row.storeName })}
                  disabled={retry.isPending}
                  onClick={() => onRetry(row)}
                >
                  {t("review.retry")}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
