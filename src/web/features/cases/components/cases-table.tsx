import { Link } from "react-router";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseSummary } from "#web/features/cases/api/cases";
import { formatMonth } from "#web/lib/format";
import { CaseStatusBadge, deadlineText } from "./case-overview";

/** Cases, each linked to its page: the artist's own, or every workspace's for the admins (`showWorkspace`). */
export function CasesTable({
  cases,
  loading,
  error,
  emptyText,
  linkTo,
  showWorkspace = false,
}: {
  cases: CaseSummary[] | undefined;
  loading: boolean;
  error: string | null;
  emptyText: string;
  linkTo: (id: string) => string;
  showWorkspace?: boolean;
}) {
  return (
    <DataTable<CaseSummary>
      label="Cases"
      rows={cases}
      rowKey={(c) => c.id}
      loading={loading}
      error={error}
      emptyText={emptyText}
      columns={[
        {
          header: "Case",
          rowHeader: true,
          cell: (c) => (
            <Link className="text-primary underline" to={linkTo(c.id)}>
              {c.reference}
            </Link>
          ),
        },
        ...(showWorkspace ? [{ header: "Workspace", cell: (c: CaseSummary) => c.workspaceName }] : []),
        { header: "Store", cell: (c) => c.store },
        { header: "Months", cell: (c) => `${formatMonth(c.periodFrom)} – ${formatMonth(c.periodTo)}` },
        { header: "Status", cell: (c) => <CaseStatusBadge c={c} /> },
        { header: "Deadline", cell: (c) => deadlineText(c) },
      ]}
    />
  );
}
