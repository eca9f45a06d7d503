import { Filter, Plus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { MessageId } from "#domain/i18n";
import { PLANS } from "#domain/plans";
import {
  RELEASE_NOTICES,
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseStatus,
  type ReleaseType,
} from "#domain/releases";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { Skeleton } from "#web/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { toast } from "#web/components/ui/toast";
import { useArtists } from "#web/features/artists/api/artists";
import { useCreateRelease } from "#web/features/releases/api/create-release";
import { type ReleaseFilters, useReleases } from "#web/features/releases/api/get-releases";
import { ReleaseCard } from "#web/features/releases/components/release-card";
import { ReleaseForm } from "#web/features/releases/components/release-form";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { useT } from "#web/lib/i18n";
import { useCan } from "#web/lib/session";

const TABS = [
  { value: "all", label: "releases.tabAll" },
  { value: "explicit", label: "releases.tabExplicit" },
  { value: "clean", label: "releases.tabClean" },
] as const satisfies readonly { value: string; label: MessageId }[];

export function ReleasesPage() {
  const t = useT();
  const artists = useArtists();
  const canWrite = useCan("releases:write");
  usePageMeta(t("releases.title"));
  const [params, setParams] = useSearchParams();
  const [formOpen, setFormOpen] = useState(params.get("new") === "1");
  const [formDirty, setFormDirty] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [tab, setTab] = useState<ReleaseFilters["tab"]>("all");
  const [status, setStatus] = useState<ReleaseStatus | "">("");
  const [type, setType] = useState<ReleaseType | "">("");
  const q = params.get("q")?.trim() || undefined;
  const filterPanelId = useId();
  // Pre-orders are the Pro and Label plans' (the server checks too); asked only when the form is open.
  const subscription = useSubscription(formOpen);
  const preOrdersAllowed = subscription.data ? PLANS[subscription.data.currentPlanId].preOrders : false;
  const create = useCreateRelease();
  const releases = useReleases({ tab, status: status || undefined, type: type || undefined, q });

  useEffect(() => {
    if (releases.isError) {
      toast({ title: RELEASE_NOTICES.fetchFailedTitle, description: releases.error.message, variant: "destructive" });
    }
  }, [releases.isError, releases.error]);

  const activeFilters = Number(Boolean(status)) + Number(Boolean(type)) + Number(Boolean(q));
  const clearFilters = () => {
    setStatus("");
    setType("");
    if (q) setParams({}, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("releases.title")}</h1>
        {canWrite ? (
          <Button
            onClick={() => (formOpen && formDirty ? setDiscarding(true) : setFormOpen((open) => !open))}
            aria-expanded={formOpen}
          >
            {formOpen ? <X className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
            {formOpen ? t("releases.cancelUpload") : t("releases.new")}
          </Button>
        ) : null}
      </div>

      {/* Cancel Upload asks first when the form holds work (issue 33: it was lost without a word). */}
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={RELEASE_NOTICES.discardTitle}
        description={RELEASE_NOTICES.discard}
        confirmLabel={t("releases.discard")}
        onConfirm={() => {
          setDiscarding(false);
          setFormDirty(false);
          setFormOpen(false);
        }}
      />
      {formOpen && (
        <Card>
          <h2 className="mb-4 text-xl font-semibold">{t("releases.uploadNew")}</h2>
          <ReleaseForm
            artistProfiles={artists.data?.artists.map((a) => a.name) ?? []}
            preOrdersAllowed={preOrdersAllowed}
            submitLabel={t("releases.submit")}
            submittingLabel={t("releases.submitting")}
            onDirtyChange={setFormDirty}
            onSubmit={async (input, facts) => {
              const release = await create.mutateAsync(input);
              setFormOpen(false);
              setFormDirty(false);
              setTab("all");
              const notice = facts.blockingFiles
                ? RELEASE_NOTICES.submittedWithProblems(release.title)
                : RELEASE_NOTICES.uploaded(release.title);
              toast({ title: notice.title, description: notice.description });
            }}
          />
        </Card>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={tab} onValueChange={(v) => setTab(v as ReleaseFilters["tab"])}>
          <TabsList aria-label={t("releases.content")}>
            {TABS.map((tab) => (
              // The tabs filter the one list below rather than switch between panels.
              <TabsTrigger key={tab.value} value={tab.value} aria-controls="release-results">
                {t(tab.label)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls={filterPanelId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <Filter className="h-4 w-4" aria-hidden />
          {activeFilters ? t("releases.filterCount", { count: activeFilters }) : t("releases.filter")}
        </Button>
      </div>

      {filtersOpen && (
        <section
          id={filterPanelId}
          aria-label={t("releases.filters")}
          className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-3 sm:items-end"
        >
          <FormField id="filter-status" label={t("releases.status")}>
            {(control) => (
              <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as ReleaseStatus | "")}>
                <option value="">{t("releases.anyStatus")}</option>
                {RELEASE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {RELEASE_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="filter-type" label={t("releases.type")}>
            {(control) => (
              <Select {...control} value={type} onChange={(e) => setType(e.target.value as ReleaseType | "")}>
                <option value="">{t("releases.anyType")}</option>
                {RELEASE_TYPES.map((releaseType) => (
                  <option key={releaseType} value={releaseType}>
                    {RELEASE_TYPE_LABELS[releaseType]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <Button variant="ghost" onClick={clearFilters} disabled={!activeFilters}>
            {t("releases.clear")}
          </Button>
        </section>
      )}
      {q && (
        <p className="text-sm text-muted-foreground" role="status">
          {t("releases.searching", { q })}{" "}
          <button
            type="button"
            className="cursor-pointer text-primary underline"
            onClick={() => setParams({}, { replace: true })}
          >
            {t("releases.showAll")}
          </button>
        </p>
      )}

      <section id="release-results" aria-labelledby="release-results-title">
        {/* The cards' titles are h3: this heading keeps the outline in order (h1, h2, h3). */}
        <h2 id="release-results-title" className="sr-only">
          {t("releases.list")}
        </h2>
        {releases.isPending ? (
          <div role="status" aria-label={t("releases.loading")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <Skeleton key={i} className="aspect-[3/4]" />
            ))}
          </div>
        ) : releases.data?.length ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {releases.data.map((release) => (
              <ReleaseCard key={release.id} release={release} />
            ))}
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-border p-10 text-center">
            <h3 className="text-lg font-semibold">{t("releases.none")}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {tab === "all" && !activeFilters ? t("releases.noneYet") : t("releases.noneHere")}
            </p>
            {tab === "all" && !activeFilters && !formOpen && canWrite && (
              <Button className="mt-4" onClick={() => setFormOpen(true)}>
                {t("releases.first")}
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
