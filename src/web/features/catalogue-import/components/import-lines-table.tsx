import { useState } from "react";
import { IMPORT_LINE_STATUS_LABELS, IMPORT_LINE_STATUSES, type ImportLineStatus } from "#domain/catalogue-import";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { type ImportLine, useImportLines } from "#web/features/catalogue-import/api/catalogue-import";

const TONE = {
  ok: "success",
  warning: "warning",
  blocking: "danger",
  imported: "success",
  skipped: "neutral",
} as const;

/** The dry run release by release: its status and every finding with its fix, filterable by status. */
export function ImportLinesTable({ importId, live, enabled }: { importId: string; live: boolean; enabled: boolean }) {
  const [status, setStatus] = useState<ImportLineStatus | "">("");
  const [page, setPage] = useState(1);
  const lines = useImportLines(importId, { status: status || undefined, page }, live, enabled);
  return (
    <section aria-labelledby="import-lines-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="import-lines-heading" className="text-lg font-semibold">
          Release by release
        </h2>
        <FormField id="import-lines-status" label="Show">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as ImportLineStatus | "");
                setPage(1);
              }}
            >
              <option value="">Every release</option>
              {IMPORT_LINE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {IMPORT_LINE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <DataTable<ImportLine>
        label="Releases in the file"
        rows={lines.data?.lines}
        rowKey={(l) => l.id}
        loading={lines.isPending && enabled}
        error={lines.isError ? lines.error.message : null}
        emptyText="No release here."
        columns={[
          {
            header: "Release",
            rowHeader: true,
            cell: (l) => (
              <>
                <span className="font-medium">{l.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {l.artistName} · line {l.firstLine} · {l.trackCount} {l.trackCount === 1 ? "track" : "tracks"}
                  {l.upc ? ` · UPC ${l.upc}` : ""}
                </span>
              </>
            ),
          },
          { header: "Status", cell: (l) => <Badge tone={TONE[l.status]}>{IMPORT_LINE_STATUS_LABELS[l.status]}</Badge> },
          {
            header: "What the check found",
            cell: (l) =>
              l.findings.length ? (
                <ul className="grid gap-1 text-sm">
                  {l.findings.map((f) => (
                    <li key={`${f.code}:${f.subject}:${f.message}`}>
                      <span className={f.severity === "blocking" ? "font-semibold text-destructive" : "font-semibold"}>
                        {f.severity === "blocking" ? "Blocking" : "Warning"}
                      </span>{" "}
                      ({f.subject}): {f.message}
                      {f.fix && <span className="block text-muted-foreground">Fix: {f.fix}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-sm text-muted-foreground">Nothing: ready to go.</span>
              ),
          },
        ]}
        paging={lines.data && { page, pageSize: lines.data.pageSize, total: lines.data.total, onPage: setPage }}
      />
    </section>
  );
}
