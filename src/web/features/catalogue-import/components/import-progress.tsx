import { useState } from "react";
import { IMPORT_MESSAGES, IMPORT_STATUS_LABELS } from "#domain/catalogue-import";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { toast } from "#web/components/ui/toast";
import { type CatalogueImport, useStartImport } from "#web/features/catalogue-import/api/catalogue-import";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Where an import stands: its dry run's counts, the button that starts it (asking first), and while it
 * runs a progress bar that the page follows (the import goes on if the page is left).
 */
export function ImportProgress({ value }: { value: CatalogueImport }) {
  const start = useStartImport();
  const [confirming, setConfirming] = useState(false);
  const counts = [
    { label: "OK", n: value.ok, tone: "success" as const },
    { label: "Warnings", n: value.warnings, tone: "warning" as const },
    { label: "Blocking", n: value.blocking, tone: "danger" as const },
    { label: "Already in your catalogue", n: value.skipped, tone: "neutral" as const },
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
        {value.status === "checking" && "Reading every release and checking it as a submission would be…"}
        {value.status === "failed" && value.error}
        {value.status !== "checking" &&
          value.status !== "failed" &&
          `${plural(value.releases, "release")}, ${plural(value.tracks, "track")}.`}
      </p>
      {value.status !== "checking" && value.status !== "failed" && (
        <ul className="flex flex-wrap gap-2" aria-label="Dry run">
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
            aria-label="Import progress"
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {value.status === "completed"
              ? `Imported ${plural(value.imported, "release")}: each is pending review, as any release you submit.`
              : `Imported ${value.imported} of ${value.importable} releases. You can leave this page: the import goes on.`}
            {value.refused > 0 && ` ${plural(value.refused, "release")} refused at import: see below.`}
          </p>
        </div>
      )}
      {value.status === "checked" && (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => setConfirming(true)} disabled={value.importable === 0 || start.isPending}>
            Import {plural(value.importable, "release")}
          </Button>
          {value.importable === 0 && <p className="text-sm text-muted-foreground">{IMPORT_MESSAGES.nothingToImport}</p>}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Import ${plural(value.importable, "release")}?`}
        description={`They are submitted for review with the codes in the file.${
          value.blocking
            ? ` ${plural(value.blocking, "release")} with blocking problems ${value.blocking === 1 ? "is" : "are"} left out: fix ${value.blocking === 1 ? "it" : "them"} and import the file again (nothing is created twice).`
            : ""
        }`}
        confirmLabel="Start Import"
        pending={start.isPending}
        onConfirm={async () => {
          try {
            await start.mutateAsync(value.id);
            toast({ title: IMPORT_MESSAGES.started, description: value.fileName });
          } catch (err) {
            toast({ title: "Action Failed", description: (err as Error).message, variant: "destructive" });
          }
          setConfirming(false);
        }}
      />
    </section>
  );
}
