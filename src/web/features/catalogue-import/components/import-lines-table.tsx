import { useState } from "react";
import { IMPORT_LINE_STATUS_LABELS, IMPORT_LINE_STATUSES, type ImportLineStatus } from "#domain/catalogue-import";
import { findingTexts } from "#domain/quality";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { type ImportLine, useImportLines } from "#web/features/catalogue-import/api/catalogue-import";
import { useT } from "#web/lib/i18n";

const TONE = {
  ok: "success",
  warning: "warning",
  blocking: "danger",
  imported: "success",
  skipped: "neutral",
} as const;

/** The dry run release by release: its status and every finding with its fix, filterable by status. */
export function ImportLinesTable({ importId, live, enabled }: { importId: string; live: boolean; enabled: boolean }) {
  const t = useT();
  const [status, setStatus] = useState<ImportLineStatus | "">("");
  const [page, setPage] = useState(1);
  const lines = useImportLines(importId, { status: status || undefined, page }, live, enabled);
  return (
    <section aria-labelledby="import-lines-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="import-lines-heading" className="text-lg font-semibold">
          {t("importPage.byRelease")}
        </h2>
        <FormField id="import-lines-status" label={t("importPage.show")}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as ImportLineStatus | "");
                setPage(1);
              }}
            >
              <option value="">{t("importPage.every")}</option>
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
        label={t("importPage.inFile")}
        rows={lines.data?.lines}
        rowKey={(l) => l.id}
        loading={lines.isPending && enabled}
        error={lines.isError ? lines.error.message : null}
        emptyText={t("importPage.noRelease")}
        columns={[
          {
            header: t("ui.col.release"),
            rowHeader: true,
            cell: (l) => (
              <>
                <span className="font-medium">{l.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {t("importPage.lineInfo", { artist: l.artistName, line: l.firstLine, count: l.trackCount })}
                  {l.upc ? t("importPage.upc", { upc: l.upc }) : ""}
                </span>
              </>
            ),
          },
          {
            header: t("ui.col.status"),
            cell: (l) => <Badge tone={TONE[l.status]}>{IMPORT_LINE_STATUS_LABELS[l.status]}</Badge>,
          },
          {
            header: t("importPage.found"),
            cell: (l) =>
              l.findings.length ? (
                <ul className="grid gap-1 text-sm">
                  {l.findings.map((f) => {
                    const text = findingTexts(f);
                    return (
                      <li key={`${f.code}:${f.subject}:${f.message}`}>
                        <span
                          className={f.severity === "blocking" ? "font-semibold text-destructive" : "font-semibold"}
                        >
                          {f.severity === "blocking" ? t("qcView.blockingBadge") : t("qcView.warningBadge")}
                        </span>{" "}
                        ({text.subject}): {text.message}
                        {text.fix && (
                          <span className="block text-muted-foreground">{t("importPage.fix", { fix: text.fix })}</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <span className="text-sm text-muted-foreground">{t("importPage.ready")}</span>
              ),
          },
        ]}
        paging={lines.data && { page, pageSize: lines.data.pageSize, total: lines.data.total, onPage: setPage }}
      />
    </section>
  );
}
