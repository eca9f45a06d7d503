import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInr } from "#domain/money";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseDetail } from "#web/features/cases/api/cases";
import { countryName, formatCount, formatDate } from "#web/lib/format";

type Evidence = CaseDetail["evidence"];

/**
 * What the store's notice rests on, from our own report rows: streams a day at the store that acted
 * (the notice's months in one colour, the months before in another), and where they came from.
 */
export function CaseEvidence({ evidence, store }: { evidence: Evidence; store: string }) {
  const { summary } = evidence;
  const ratio = summary.historyStreamsPerDay ? summary.streamsPerDay / summary.historyStreamsPerDay : null;
  return (
    <section aria-labelledby="evidence-heading" className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <h2 id="evidence-heading" className="text-lg font-semibold">
        The figures from the store reports
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Streams in the notice's months</dt>
          <dd className="text-xl font-semibold">{formatCount(summary.streams)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Listeners</dt>
          <dd className="text-xl font-semibold">{formatCount(summary.listeners)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Revenue at {store}</dt>
          <dd className="text-xl font-semibold">{formatInr(summary.revenuePaise, { decimals: true })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Streams a day, before → during</dt>
          <dd className="text-xl font-semibold">
            {formatCount(summary.historyStreamsPerDay)} → {formatCount(summary.streamsPerDay)}
            {ratio !== null && ratio >= 1.5 && <span className="ml-1 text-sm font-normal">({ratio.toFixed(1)}×)</span>}
          </dd>
        </div>
      </dl>
      {evidence.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">No report rows for these tracks at {store} in these months yet.</p>
      ) : (
        <>
          <p className="sr-only">
            Streams a day at {store} from {formatDate(evidence.days[0]?.day ?? evidence.historyFrom)}: the notice's
            months average {summary.streamsPerDay} a day, the months before {summary.historyStreamsPerDay}.
          </p>
          <div className="h-64" aria-hidden data-testid="evidence-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={evidence.days} margin={{ left: -8, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis dataKey="day" tickLine={false} stroke="var(--muted-foreground)" fontSize={11} minTickGap={24} />
                <YAxis allowDecimals={false} tickLine={false} stroke="var(--muted-foreground)" fontSize={11} />
                <Tooltip
                  cursor={{ fill: "var(--muted)" }}
                  contentStyle={{
                    background: "var(--card)",
                    border: "1px solid var(--border)",
                    color: "var(--foreground)",
                  }}
                />
                <Bar dataKey="streams" name="Streams" radius={[2, 2, 0, 0]}>
                  {evidence.days.map((d) => (
                    <Cell key={d.day} fill={d.inPeriod ? "var(--destructive)" : "var(--primary)"} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <p className="text-xs text-muted-foreground">
            Red bars: the months the notice names. Blue bars: the same tracks before, for comparison.
          </p>
        </>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable
          label={`Countries at ${store}`}
          rows={evidence.countries}
          rowKey={(r) => r.country}
          emptyText="No countries reported."
          columns={[
            { header: "Country", rowHeader: true, cell: (r) => countryName(r.country) },
            { header: "Streams", cell: (r) => formatCount(r.streams) },
            { header: "Listeners", cell: (r) => formatCount(r.listeners) },
            { header: "Before (3 months)", cell: (r) => formatCount(r.historyStreams) },
          ]}
        />
        <DataTable
          label="Every store in the notice's months"
          rows={evidence.stores}
          rowKey={(r) => r.store}
          emptyText="No stores reported."
          columns={[
            { header: "Store", rowHeader: true, cell: (r) => (r.flagged ? `${r.store} (sent the notice)` : r.store) },
            { header: "Streams", cell: (r) => formatCount(r.streams) },
            { header: "Revenue", cell: (r) => formatInr(r.revenuePaise, { decimals: true }) },
          ]}
        />
      </div>
    </section>
  );
}
