import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { t } from "#domain/i18n";
import { Tabs, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import type { Dashboard, DayPoint } from "#web/features/dashboard/api/get-dashboard";
import { CHART_TOOLTIP_STYLE } from "#web/lib/chart-style";
import { formatDate, formatWeekday } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

type Period = "weekly" | "monthly" | "quarterly";

/** Axis labels per product §2: weekdays for 7 bars, Week 1-4 for 30, Month 1-3 for 90. */
function axisLabel(period: Period, point: DayPoint, index: number): string {
  if (period === "weekly") return formatWeekday(point.day);
  if (period === "monthly") return index % 7 === 0 && index < 28 ? t("chart.week", { n: index / 7 + 1 }) : "";
  return index % 30 === 0 ? t("chart.month", { n: index / 30 + 1 }) : "";
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
  const t = useT();
  const data = series[period].map((point, index) => ({ ...point, label: axisLabel(period, point, index) }));
  const total = data.reduce((sum, p) => sum + p.streams, 0);
  return (
    <section aria-labelledby="streams-overview" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="streams-overview" className="text-lg font-semibold">
          {t("chart.title")}
        </h2>
        <Tabs value={period} onValueChange={(v) => onPeriodChange(v as Period)}>
          <TabsList aria-label={t("analytics.period")}>
            <TabsTrigger value="weekly" aria-controls="streams-chart">
              {t("chart.weekly")}
            </TabsTrigger>
            <TabsTrigger value="monthly" aria-controls="streams-chart">
              {t("chart.monthly")}
            </TabsTrigger>
            <TabsTrigger value="quarterly" aria-controls="streams-chart">
              {t("chart.quarterly")}
            </TabsTrigger>
          </TabsList>
        </Tabs>
      </div>
      <p className="sr-only">
        {t("chart.summary", { days: data.length, date: data[0] ? formatDate(data[0].day) : "", total })}
      </p>
      <div id="streams-chart" className="mt-4 h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" interval={0} tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
            <Tooltip
              cursor={{ fill: "var(--muted)" }}
              contentStyle={CHART_TOOLTIP_STYLE}
              labelFormatter={(_, payload) => {
                const day = payload?.[0]?.payload?.day as string | undefined;
                return day ? formatDate(day) : "";
              }}
            />
            <Bar dataKey="streams" name={t("analytics.streams")} fill="var(--primary)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
