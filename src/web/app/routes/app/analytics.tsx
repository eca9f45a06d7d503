import { Download } from "lucide-react";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { addDays, todayIst } from "#domain/clock";
import { toCsv } from "#domain/csv";
import { t } from "#domain/i18n";
import { formatInr, rupeesPlain } from "#domain/money";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Skeleton } from "#web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { type Analytics, useAnalytics } from "#web/features/analytics/api/get-analytics";
import { formatChange } from "#web/features/dashboard/components/stat-card";
import { CHART_TOOLTIP_STYLE } from "#web/lib/chart-style";
import { countryName, formatCount, formatMonth } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

const PERIODS = [
  { value: "7", label: "analytics.period7" },
  { value: "30", label: "analytics.period30" },
  { value: "90", label: "analytics.period90" },
  { value: "365", label: "analytics.periodYear" },
] as const;
/** The last `days` days up to today, India's (the days stores report in). */
const rangeFor = (days: number) => ({ from: addDays(todayIst(), -(days - 1)), to: todayIst() });

/** The figures on screen as a CSV file: one section per table, money in rupees. */
function exportCsv(data: Analytics) {
  const rupees = rupeesPlain;
  const rows: (string | number)[][] = [
    ["Kalrav analytics", `${data.from} to ${data.to}`],
    [],
    ["date", "streams", "listeners"],
    ...data.series.map((s) => [s.day, s.streams, s.listeners]),
    [],
    ["month", "royalties_inr"],
    ...data.months.map((m) => [m.month.slice(0, 7), rupees(m.royaltiesPaise)]),
    [],
    ["release", "isrc", "streams", "listeners", "royalties_inr"],
    ...data.tracks.map((t) => [t.title, t.isrc, t.streams, t.listeners, rupees(t.royaltiesPaise)]),
    [],
    ["store", "streams", "listeners", "royalties_inr"],
    ...data.stores.map((s) => [s.name, s.streams, s.listeners, rupees(s.royaltiesPaise)]),
    [],
    ["country", "streams", "listeners"],
    ...data.countries.map((c) => [c.code, c.streams, c.listeners]),
  ];
  const blob = new Blob([toCsv(rows)], { type: "text/csv;charset=utf-8" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `kalrav-analytics-${data.from}-to-${data.to}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Stores pay by month, so the royalties shown are for the whole months the range touches. */
function royaltyMonths(data: Analytics): string {
  const first = data.months[0]?.month ?? data.from;
  const last = data.months[data.months.length - 1]?.month ?? data.to;
  const span = first === last ? formatMonth(first) : `${formatMonth(first)} – ${formatMonth(last)}`;
  return t("analytics.royaltyMonths", { span });
}

function Metric({
  title,
  value,
  change,
  note,
}: {
  title: string;
  value: string;
  change: number | null;
  note?: string;
}) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-2 text-2xl font-bold">{value}</p>
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      <p className="mt-1 text-xs text-muted-foreground">{formatChange(change, "%", "previousPeriod")}</p>
    </Card>
  );
}

export function AnalyticsPage() {
  const t = useT();
  usePageMeta(t("area.nav.analytics"));
  const [period, setPeriod] = useState<string>("30");
  const [range, setRange] = useState(rangeFor(30));
  const [custom, setCustom] = useState(false);
  const analytics = useAnalytics(range.from, range.to);
  const data = analytics.data;

  const choosePeriod = (value: string) => {
    setPeriod(value);
    setCustom(false);
    setRange(rangeFor(Number(value)));
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("area.nav.analytics")}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" aria-expanded={custom} onClick={() => setCustom((c) => !c)}>
            {t("analytics.dateRange")}
          </Button>
          <Button variant="outline" disabled={!data} onClick={() => data && exportCsv(data)}>
            <Download className="h-4 w-4" aria-hidden />
            {t("analytics.export")}
          </Button>
        </div>
      </div>
      <Tabs value={custom ? "" : period} onValueChange={choosePeriod}>
        <TabsList aria-label={t("analytics.period")}>
          {PERIODS.map((p) => (
            <TabsTrigger key={p.value} value={p.value} aria-controls="analytics-results">
              {t(p.label)}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {custom && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const from = String(form.get("from"));
            const to = String(form.get("to"));
            if (from && to && from <= to) setRange({ from, to });
          }}
        >
          <FormField id="range-from" label={t("analytics.from")}>
            {(control) => <Input {...control} name="from" type="date" defaultValue={range.from} max={range.to} />}
          </FormField>
          <FormField id="range-to" label={t("analytics.to")}>
            {(control) => <Input {...control} name="to" type="date" defaultValue={range.to} />}
          </FormField>
          <Button type="submit">{t("analytics.apply")}</Button>
        </form>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("analytics.showing", { from: range.from, to: range.to })}
      </p>

      {/* What the period tabs control: there while the figures load too, so their aria-controls always
          names an element (axe flagged it when it scanned the page mid-load). */}
      <div id="analytics-results">
        {!data ? (
          <Skeleton className="h-64" />
        ) : (
          <Tabs defaultValue="overview">
            <TabsList aria-label={t("analytics.sections")}>
              <TabsTrigger value="overview">{t("analytics.overview")}</TabsTrigger>
              <TabsTrigger value="audience">{t("analytics.audience")}</TabsTrigger>
              <TabsTrigger value="tracks">{t("analytics.tracks")}</TabsTrigger>
              <TabsTrigger value="platforms">{t("analytics.platforms")}</TabsTrigger>
            </TabsList>
            <TabsContent value="overview" className="mt-6 grid gap-6">
              <div className="grid gap-4 sm:grid-cols-3">
                <Metric
                  title={t("analytics.streams")}
                  value={formatCount(data.totals.streams)}
                  change={data.changes.streams}
                />
                <Metric
                  title={t("analytics.listeners")}
                  value={formatCount(data.totals.listeners)}
                  change={data.changes.listeners}
                />
                <Metric
                  title={t("analytics.royalties")}
                  value={formatInr(data.totals.royaltiesPaise)}
                  change={data.changes.royalties}
                  note={royaltyMonths(data)}
                />
              </div>
              <Card>
                <h2 className="text-lg font-semibold">{t("analytics.perDay")}</h2>
                <div className="mt-4 h-64" aria-hidden>
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={data.series} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                      <CartesianGrid vertical={false} stroke="var(--border)" />
                      <XAxis
                        dataKey="day"
                        tickLine={false}
                        stroke="var(--muted-foreground)"
                        fontSize={11}
                        minTickGap={24}
                      />
                      <YAxis allowDecimals={false} tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
                      <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
                      <Bar
                        dataKey="streams"
                        name={t("analytics.streams")}
                        fill="var(--primary)"
                        radius={[3, 3, 0, 0]}
                      />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
              </Card>
              <Card>
                <h2 className="text-lg font-semibold">{t("analytics.topTracks")}</h2>
                {data.tracks.length === 0 ? (
                  <p className="mt-2 text-sm text-muted-foreground">{t("analytics.noStreams")}</p>
                ) : (
                  <ol className="mt-3 grid gap-2">
                    {data.tracks.slice(0, 5).map((track) => (
                      <li key={`${track.releaseId}-${track.isrc}`} className="flex justify-between text-sm">
                        <span className="font-medium">{track.title}</span>
                        <span className="text-muted-foreground">
                          {t("analytics.trackStreams", { count: track.streams })}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
            </TabsContent>
            <TabsContent value="audience" className="mt-6 grid gap-6">
              <Card>
                <h2 className="text-lg font-semibold">{t("analytics.countries")}</h2>
                {data.countries.length === 0 ? (
                  <p className="mt-2 text-sm text-muted-foreground">{t("analytics.noListeners")}</p>
                ) : (
                  <div className="mt-3">
                    <DataTable
                      label={t("analytics.byCountry")}
                      className="min-w-0"
                      rows={data.countries}
                      rowKey={(c) => c.code}
                      emptyText={t("analytics.noListeners")}
                      columns={[
                        { header: t("ui.col.country"), rowHeader: true, cell: (c) => countryName(c.code) },
                        { header: t("ui.col.streams"), cell: (c) => formatCount(c.streams) },
                        { header: t("ui.col.listeners"), cell: (c) => formatCount(c.listeners) },
                      ]}
                    />
                  </div>
                )}
              </Card>
              <Card>
                <h2 className="text-lg font-semibold">{t("analytics.ageGender")}</h2>
                <p className="mt-2 text-sm text-muted-foreground">{t("analytics.noAgeGender")}</p>
              </Card>
            </TabsContent>
            <TabsContent value="tracks" className="mt-6">
              <DataTable
                label={t("analytics.byTrack")}
                rows={data.tracks}
                rowKey={(t) => `${t.releaseId}-${t.isrc}`}
                emptyText={t("analytics.noStreams")}
                columns={[
                  { header: t("ui.col.release"), rowHeader: true, cell: (t) => t.title },
                  { header: "ISRC", className: "font-mono text-xs", cell: (t) => t.isrc || "—" },
                  { header: t("ui.col.streams"), cell: (t) => formatCount(t.streams) },
                  { header: t("ui.col.listeners"), cell: (t) => formatCount(t.listeners) },
                  { header: t("analytics.royalties"), cell: (t) => formatInr(t.royaltiesPaise) },
                ]}
              />
            </TabsContent>
            <TabsContent value="platforms" className="mt-6">
              <DataTable
                label={t("analytics.byStore")}
                rows={data.stores}
                rowKey={(st) => st.name}
                emptyText={t("analytics.noStreams")}
                columns={[
                  { header: t("ui.col.store"), rowHeader: true, cell: (st) => st.name },
                  { header: t("ui.col.streams"), cell: (st) => formatCount(st.streams) },
                  { header: t("ui.col.listeners"), cell: (st) => formatCount(st.listeners) },
                  { header: t("analytics.royalties"), cell: (st) => formatInr(st.royaltiesPaise) },
                ]}
              />
            </TabsContent>
          </Tabs>
        )}
      </div>
    </div>
  );
}
