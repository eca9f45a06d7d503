import type { ReactNode } from "react";
import { DataTable } from "#web/components/ui/data-table";
import type { StreamWarning } from "#web/features/cases/api/cases";
import { formatDate } from "#web/lib/format";

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
  return (
    <DataTable<StreamWarning>
      label="Early warnings"
      rows={warnings}
      rowKey={(w) => w.id}
      loading={loading}
      error={failed ? "Could not load the warnings." : null}
      emptyText="No unusual streams in the reports so far."
      columns={[
        { header: "Track", rowHeader: true, cell: (w) => `${w.track} (${w.isrc || "release"})` },
        ...(showWorkspace ? [{ header: "Workspace", cell: (w: StreamWarning) => w.workspaceName }] : []),
        { header: "Pattern", cell: (w) => w.kindLabel },
        { header: "What we saw", cell: (w) => w.message, className: "max-w-[28rem] text-sm" },
        { header: "Reported", cell: (w) => formatDate(w.day) },
        ...(action ? [{ header: "Actions", hiddenHeader: true, cell: action }] : []),
      ]}
    />
  );
}
