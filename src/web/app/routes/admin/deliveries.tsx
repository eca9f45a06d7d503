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

/** Operations: how each store is doing, stores paused after failing, and deliveries someone has to act on. */
export function DeliveriesPage() {
  usePageMeta("Deliveries");
  const stores = useStoreHealth();
  const [view, setView] = useState<DeliveryView>("attention");
  const paused = stores.data?.stores.filter((s) => s.pausedAt) ?? [];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Deliveries</h1>
        <p className="text-muted-foreground">How each store is taking our releases, and what needs you.</p>
      </div>
      {paused.map((store) => (
        <PausedStoreAlert key={store.store} store={store} />
      ))}
      <StoresTable stores={stores.data?.stores} loading={stores.isPending} error={stores.error?.message} />
      <Tabs value={view} onValueChange={(v) => setView(v as DeliveryView)} className="grid gap-3">
        <TabsList aria-label="Which deliveries">
          <TabsTrigger value="attention">Needs attention</TabsTrigger>
          <TabsTrigger value="recent">Recent</TabsTrigger>
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
  const resume = useResumeStore();
  const [error, setError] = useState<string | null>(null);
  const onResume = async () => {
    try {
      const result = await resume.mutateAsync(store.store);
      setError(null);
      toast({ title: "Store resumed", description: result.message });
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
        Deliveries to {store.storeName} are paused
      </h2>
      <p className="mt-1">
        Since {store.pausedAt ? formatDateTime(store.pausedAt) : "—"}, after {store.consecutiveFailures} failed attempts
        in a row. Last error: {store.lastError ?? "—"}
      </p>
      <p className="mt-1 text-muted-foreground">
        {formatCount(store.counts.paused ?? 0)} deliveries wait. Fix the store's connection, then resume.
      </p>
      <FormError message={error} />
      <Button className="mt-3" onClick={onResume} disabled={resume.isPending}>
        Resume deliveries to {store.storeName}
      </Button>
    </section>
  );
}

const COLUMNS = [
  ["queued", "Queued"],
  ["sent", "Sent"],
  ["acknowledged", "Accepted"],
  ["rejected", "Rejected"],
  ["failed", "Failed"],
  ["paused", "Paused"],
] as const;

function StoresTable({ stores, loading, error }: { stores?: StoreHealth[]; loading: boolean; error?: string }) {
  return (
    <section aria-labelledby="stores-title" className="grid gap-3">
      <h2 id="stores-title" className="text-xl font-semibold">
        Stores
      </h2>
      <DataTable
        label="Stores"
        rows={stores}
        rowKey={(s) => s.store}
        loading={loading}
        loadingText="Loading stores…"
        error={error}
        emptyText="No stores are configured."
        columns={[
          {
            header: "Store",
            rowHeader: true,
            cell: (s) => (
              <>
                {s.storeName} <span className="text-xs text-muted-foreground">({s.transport})</span>
              </>
            ),
          },
          ...COLUMNS.map(([key, label]) => ({
            header: label,
            numeric: true,
            className: "tabular-nums",
            cell: (s: StoreHealth) => formatCount(s.counts[key] ?? 0),
          })),
          {
            header: "State",
            cell: (s) =>
              s.pausedAt
                ? "Paused"
                : s.consecutiveFailures
                  ? `${s.consecutiveFailures} failed attempt${s.consecutiveFailures === 1 ? "" : "s"} in a row`
                  : "Working",
          },
        ]}
      />
    </section>
  );
}

function DeliveryList({ view }: { view: DeliveryView }) {
  const list = useDeliveries(view);
  const retry = useRetryDelivery();
  const [error, setError] = useState<string | null>(null);
  const onRetry = async (row: AdminDeliveryRow) => {
    try {
      await retry.mutateAsync(row.id);
      setError(null);
      toast({ title: `Delivery to ${row.storeName} queued again` });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="grid gap-2">
      <FormError message={error} />
      <DataTable
        label={view === "attention" ? "Deliveries that need attention" : "Recent deliveries"}
        rows={list.data?.deliveries}
        rowKey={(row) => row.id}
        loading={list.isPending}
        loadingText="Loading deliveries…"
        error={list.isError ? "Could not load the deliveries." : null}
        emptyText={
          view === "attention" ? "Nothing needs attention: every delivery is on its way or done." : "No deliveries yet."
        }
        columns={[
          {
            header: "Release",
            cell: (row) => (
              <>
                <span className="font-medium">{row.releaseTitle}</span>
                <span className="block text-xs text-muted-foreground">
                  {row.artistName} · {formatDate(row.createdAt)}
                </span>
              </>
            ),
          },
          { header: "Store", cell: (row) => row.storeName },
          { header: "Message", cell: (row) => (DELIVERY_KIND_LABELS as Record<string, string>)[row.kind] ?? row.kind },
          { header: "Status", cell: (row) => <DeliveryStatusBadge status={row.status} /> },
          {
            header: "Details",
            className: "max-w-xs break-words text-xs",
            cell: (row) =>
              row.status === "rejected"
                ? `${row.storeName} said: ${row.storeMessage ?? "rejected"}`
                : (row.lastError ?? "—"),
          },
          {
            header: "Actions",
            cell: (row) =>
              (row.status === "failed" || row.status === "rejected") && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Retry delivery of ${row.releaseTitle} to ${row.storeName}`}
                  disabled={retry.isPending}
                  onClick={() => onRetry(row)}
                >
                  Retry
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
