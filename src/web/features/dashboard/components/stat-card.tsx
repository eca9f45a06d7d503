import type { LucideIcon } from "lucide-react";
import { t } from "#domain/i18n";
import { Card } from "#web/components/ui/card";

/** "+12.5% from last month", or a dash when last month has nothing to compare with (in the active language). */
export function formatChange(
  change: number | null,
  unit = "%",
  against: "lastMonth" | "previousPeriod" = "lastMonth",
): string {
  const previous = against === "previousPeriod";
  if (change === null) return t(previous ? "change.nonePrevious" : "change.none");
  return t(previous ? "change.somePrevious" : "change.some", { change: `${change > 0 ? "+" : ""}${change}${unit}` });
}

export function StatCard({
  title,
  value,
  change,
  icon: Icon,
  unit,
}: {
  title: string;
  value: string;
  change: number | null;
  icon: LucideIcon;
  unit?: string;
}) {
  const tone =
    change === null || change === 0
      ? "text-muted-foreground"
      : change > 0
        ? "text-green-700 dark:text-green-400"
        : "text-red-700 dark:text-red-400";
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="h-4 w-4 text-primary" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold">{value}</p>
      <p className={`mt-1 text-xs ${tone}`}>{formatChange(change, unit)}</p>
    </Card>
  );
}
