import { Link } from "react-router";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseSummary } from "#web/features/cases/api/cases";
import { formatMonth } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
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
  const t = useT();
  return (
    <DataTable<CaseSummary>
      label={t("cases.cases")}
      rows={cases}
      rowKey={(c) => c.id}
      loading={loading}
      error={error}
      emptyText={emptyText}
      columns={[
        {
          header: t("cases.case"),
          rowHeader: true,
          cell: (c) => (
            <Link className="text-primary underline" to={linkTo(c.id)}>
              {c.reference}
            </Link>
          ),
        },
        ...(showWorkspace ? [{ header: t("warnings.workspace"), cell: (c: CaseSummary) => c.workspaceName }] : []),
        { header: t("ui.col.store"), cell: (c) => c.store },
        { header: t("cases.monthsCol"), cell: (c) => `${formatMonth(c.periodFrom)} – ${formatMonth(c.periodTo)}` },
        { header: t("ui.col.status"), cell: (c) => <CaseStatusBadge c={c} /> },
        { header: t("caseView.deadline"), cell: (c) => deadlineText(c) },
      ]}
    />
  );
}
