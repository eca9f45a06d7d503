import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Tabs, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import type { Dashboard, DayPoint } from "#web/features/dashboard/api/get-dashboard";

type Period = "weekly" | "monthly" | "quarterly";
const WEEKDAY = new Intl.DateTimeFormat("en-IN", { weekday: "short", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" });

/** Axis labels per product §2: weekdays for 7 bars, Week 1-4 for 30, Month 1-3 for 90. */
function axisLabel(period: Period, point: DayPoint, index: number): string {
  if (period === "weekly") return WEEKDAY.format(new Date(`${point.day}T00:00:00Z`));
  if (period === "monthly") return index % 7 === 0 && index < 28 ? `Week ${index / 7 + 1}` : "";
  return index % 30 === 0 ? `Month ${index / 30 + 1}` : "";
}

export function StreamsChart({
  series,
  period,
  onPeriodChange,
}: {
  series: Dashboard["series"];
  period: Period;
  onPeriodChange: (p: Period) => void;
}) {
  const data = series[period].map((point, index) => ({ ...point, label: axisLabel(period, point, index) }));
  const total = data.reduce((sum, p) => sum + p.streams, 0);
  return (
    <section aria-labelledby="streams-overview" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="streams-overview" className="text-lg font-semibold">
          Streams Overview
        </h2>
        <Tabs value={period} onValueChange={(v) => onPeriodChange(v as Period)}>
          <TabsList aria-label="Period">
            <TabsTrigger value="weekly" aria-controls="streams-chart">
              Weekly
            </TabsTrigger>
            <TabsTrigger value="monthly" aria-controls="streams-chart">
              Monthly
            </TabsTrigger>
            <TabsTrigger value="quarterly" aria-controls="streams-chart">
              Quarterly
            </TabsTrigger>
          </TabsList>
        </Tabs>
      </div>
      <p className="sr-only">
        {data.length} daily bars from {DAY.format(new Date(`${data[0]?.day}T00:00:00Z`))}, {total} streams in all.
      </p>
      <div id="streams-chart" className="mt-4 h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" interval={0} tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
            <Tooltip
              cursor={{ fill: "var(--muted)" }}
              contentStyle={{
                background: "var(--card)",
                border: "1px solid var(--border)",
                color: "var(--foreground)",
              }}
              labelFormatter={(_, payload) => {
                const day = payload?.[0]?.payload?.day as string | undefined;
                return day ? DAY.format(new Date(`${day}T00:00:00Z`)) : "";
              }}
            />
            <Bar dataKey="streams" name="Streams" fill="var(--primary)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
