import type { ReactNode } from "react";
import { ANOMALY_LABELS, anomalyMessage } from "#domain/fraud";
import { DataTable } from "#web/components/ui/data-table";
import type { StreamWarning } from "#web/features/cases/api/cases";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/** Early warnings with their figures; `action` adds a column (the admins' "Reviewed"). */
export function WarningsTable({
  warnings,
  loading,
  failed,
  showWorkspace = false,
  action,
}: {
  warnings: StreamWarning[] | undefined;
  loading: boolean;
  failed: boolean;
  showWorkspace?: boolean;
  action?: (w: StreamWarning) => ReactNode;
}) {
  const t = useT();
  return (
    <DataTable<StreamWarning>
      label={t("warnings.label")}
      rows={warnings}
      rowKey={(w) => w.id}
      loading={loading}
      error={failed ? t("warnings.loadFailed") : null}
      emptyText={t("warnings.none")}
      columns={[
        {
          header: t("ui.col.track"),
          rowHeader: true,
          cell: (w) => `${w.track} (${w.isrc || t("warnings.release")})`,
        },
        ...(showWorkspace ? [{ header: t("warnings.workspace"), cell: (w: StreamWarning) => w.workspaceName }] : []),
        { header: t("warnings.pattern"), cell: (w) => ANOMALY_LABELS[w.kind] },
        { header: t("warnings.saw"), cell: (w) => anomalyMessage(w), className: "max-w-[28rem] text-sm" },
        { header: t("warnings.reported"), cell: (w) => formatDate(w.day) },
        ...(action ? [{ header: t("ui.col.actions"), hiddenHeader: true, cell: action }] : []),
      ]}
    />
  );
}
