import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInr } from "#domain/money";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseDetail } from "#web/features/cases/api/cases";
import { CHART_TOOLTIP_STYLE } from "#web/lib/chart-style";
import { countryName, formatCount, formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

type Evidence = CaseDetail["evidence"];

/**
 * What the store's notice rests on, from our own report rows: streams a day at the store that acted
 * (the notice's months in one colour, the months before in another), and where they came from.
 */
export function CaseEvidence({ evidence, store }: { evidence: Evidence; store: string }) {
  const t = useT();
  const { summary } = evidence;
  const ratio = summary.historyStreamsPerDay ? summary.streamsPerDay / summary.historyStreamsPerDay : null;
  return (
    <section aria-labelledby="evidence-heading" className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <h2 id="evidence-heading" className="text-lg font-semibold">
        {t("evidence.title")}
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("evidence.streams")}</dt>
          <dd className="text-xl font-semibold">{formatCount(summary.streams)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("analytics.listeners")}</dt>
          <dd className="text-xl font-semibold">{formatCount(summary.listeners)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("evidence.revenueAt", { store })}</dt>
          <dd className="text-xl font-semibold">{formatInr(summary.revenuePaise, { decimals: true })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("evidence.perDay")}</dt>
          <dd className="text-xl font-semibold">
            {formatCount(summary.historyStreamsPerDay)} → {formatCount(summary.streamsPerDay)}
            {ratio !== null && ratio >= 1.5 && <span className="ml-1 text-sm font-normal">({ratio.toFixed(1)}×)</span>}
          </dd>
        </div>
      </dl>
      {evidence.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("evidence.noRows", { store })}</p>
      ) : (
        <>
          <p className="sr-only">
            {t("evidence.summary", {
              store,
              date: formatDate(evidence.days[0]?.day ?? evidence.historyFrom),
              during: summary.streamsPerDay,
              before: summary.historyStreamsPerDay,
            })}
          </p>
          <div className="h-64" aria-hidden data-testid="evidence-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={evidence.days} margin={{ left: -8, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis dataKey="day" tickLine={false} stroke="var(--muted-foreground)" fontSize={11} minTickGap={24} />
                <YAxis allowDecimals={false} tickLine={false} stroke="var(--muted-foreground)" fontSize={11} />
                <Tooltip cursor={{ fill: "var(--muted)" }} contentStyle={CHART_TOOLTIP_STYLE} />
                <Bar dataKey="streams" name={t("analytics.streams")} radius={[2, 2, 0, 0]}>
                  {evidence.days.map((d) => (
                    <Cell key={d.day} fill={d.inPeriod ? "var(--destructive)" : "var(--primary)"} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <p className="text-xs text-muted-foreground">{t("evidence.legend")}</p>
        </>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable
          label={t("evidence.countriesAt", { store })}
          rows={evidence.countries}
          rowKey={(r) => r.country}
          emptyText={t("evidence.noCountries")}
          columns={[
            { header: t("ui.col.country"), rowHeader: true, cell: (r) => countryName(r.country) },
            { header: t("ui.col.streams"), cell: (r) => formatCount(r.streams) },
            { header: t("ui.col.listeners"), cell: (r) => formatCount(r.listeners) },
            { header: t("evidence.before3"), cell: (r) => formatCount(r.historyStreams) },
          ]}
        />
        <DataTable
          label={t("evidence.everyStore")}
          rows={evidence.stores}
          rowKey={(r) => r.store}
          emptyText={t("evidence.noStores")}
          columns={[
            {
              header: t("ui.col.store"),
              rowHeader: true,
              cell: (r) => (r.flagged ? t("evidence.sentNotice", { store: r.store }) : r.store),
            },
            { header: t("ui.col.streams"), cell: (r) => formatCount(r.streams) },
            { header: t("evidence.revenue"), cell: (r) => formatInr(r.revenuePaise, { decimals: true }) },
          ]}
        />
      </div>
    </section>
  );
}
