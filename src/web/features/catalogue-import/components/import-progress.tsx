import { useState } from "react";
import { IMPORT_LINE_STATUS_LABELS, IMPORT_MESSAGES, IMPORT_STATUS_LABELS } from "#domain/catalogue-import";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { toast } from "#web/components/ui/toast";
import { type CatalogueImport, useStartImport } from "#web/features/catalogue-import/api/catalogue-import";
import { useT } from "#web/lib/i18n";

/**
 * Where an import stands: its dry run's counts, the button that starts it (asking first), and while it
 * runs a progress bar that the page follows (the import goes on if the page is left).
 */
export function ImportProgress({ value }: { value: CatalogueImport }) {
  const t = useT();
  const start = useStartImport();
  const [confirming, setConfirming] = useState(false);
  const counts = [
    { label: IMPORT_LINE_STATUS_LABELS.ok, n: value.ok, tone: "success" as const },
    { label: t("importPage.warnings"), n: value.warnings, tone: "warning" as const },
    { label: IMPORT_LINE_STATUS_LABELS.blocking, n: value.blocking, tone: "danger" as const },
    { label: IMPORT_LINE_STATUS_LABELS.skipped, n: value.skipped, tone: "neutral" as const },
  ];
  const done = value.imported + value.refused;
  return (
    <section aria-labelledby="import-status-heading" className="grid gap-3">
      <h2 id="import-status-heading" className="text-lg font-semibold">
        {value.fileName}
      </h2>
      <p role="status" className="text-sm">
        <Badge tone={value.status === "failed" ? "danger" : value.status === "completed" ? "success" : "info"}>
          {IMPORT_STATUS_LABELS[value.status]}
        </Badge>{" "}
        {value.status === "checking" && t("importPage.reading")}
        {value.status === "failed" && value.error}
        {value.status !== "checking" &&
          value.status !== "failed" &&
          t("importPage.counts", { releases: value.releases, tracks: value.tracks })}
      </p>
      {value.status !== "checking" && value.status !== "failed" && (
        <ul className="flex flex-wrap gap-2" aria-label={t("importPage.dryRunList")}>
          {counts.map((c) => (
            <li key={c.label}>
              <Badge tone={c.tone}>
                {c.label}: {c.n}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {(value.status === "importing" || value.status === "completed") && (
        <div className="grid gap-1">
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            max={Math.max(value.importable, 1)}
            value={done}
            aria-label={t("importPage.progress")}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {value.status === "completed"
              ? t("importPage.completed", { count: value.imported })
              : t("importPage.running", { done: value.imported, total: value.importable })}
            {value.refused > 0 && t("importPage.refused", { count: value.refused })}
          </p>
        </div>
      )}
      {value.status === "checked" && (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => setConfirming(true)} disabled={value.importable === 0 || start.isPending}>
            {t("importPage.importN", { count: value.importable })}
          </Button>
          {value.importable === 0 && <p className="text-sm text-muted-foreground">{IMPORT_MESSAGES.nothingToImport}</p>}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("importPage.importQ", { count: value.importable })}
        description={`${t("importPage.submitted")}${
          value.blocking ? t("importPage.leftOut", { count: value.blocking }) : ""
        }`}
        confirmLabel={t("importPage.start")}
        pending={start.isPending}
        onConfirm={async () => {
          try {
            await start.mutateAsync(value.id);
            toast({ title: IMPORT_MESSAGES.started, description: value.fileName });
          } catch (err) {
            toast({ title: t("ui.actionFailed"), description: (err as Error).message, variant: "destructive" });
          }
          setConfirming(false);
        }}
      />
    </section>
  );
}
