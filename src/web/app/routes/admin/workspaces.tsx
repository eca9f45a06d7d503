import { useState } from "react";
import { PLANS, type PlanId } from "#domain/plans";
import { AUDIT_KIND_LABELS, auditSummary } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { type AdminWorkspace, useAdminAuditLog, useAdminWorkspaces } from "#web/features/workspaces/api/workspaces";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

const planName = (id: string | null) => (id && id in PLANS ? PLANS[id as PlanId].name : "No plan");

/** Kalrav admins: every workspace with its plan, owner and team, and each one's audit log (issue 35). */
export function AdminWorkspacesPage() {
  const t = useT();
  usePageMeta(t("admin.nav.workspaces"));
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<AdminWorkspace | null>(null);
  const [page, setPage] = useState(1);
  const workspaces = useAdminWorkspaces(q.trim());
  const audit = useAdminAuditLog(chosen?.id ?? null, page);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminWs.workspaces")}</h1>
      <SearchInput label={t("adminWs.search")} placeholder={t("adminWs.placeholder")} value={q} onChange={setQ} />
      <DataTable<AdminWorkspace>
        label={t("adminWs.workspaces")}
        rows={workspaces.data?.workspaces}
        rowKey={(w) => w.id}
        loading={workspaces.isPending}
        error={workspaces.isError ? workspaces.error.message : null}
        emptyText="No workspace matches."
        columns={[
          { header: t("adminWs.workspace"), rowHeader: true, cell: (w) => w.name },
          { header: t("adminWs.owner"), cell: (w) => w.owner ?? "—" },
          { header: t("adminWs.plan"), cell: (w) => planName(w.plan) },
          { header: t("adminWs.members"), numeric: true, cell: (w) => w.members },
          { header: t("adminWs.created"), cell: (w) => formatDateTime(w.createdAt) },
          {
            header: t("adminWs.actions"),
            hiddenHeader: true,
            cell: (w) => (
              <Button
                size="sm"
                variant="outline"
                aria-pressed={chosen?.id === w.id}
                onClick={() => {
                  setChosen(w);
                  setPage(1);
                }}
              >
                {t("area.nav.audit")}
                <span className="sr-only">{t("adminWs.auditOf", { name: w.name })}</span>
              </Button>
            ),
          },
        ]}
      />
      {chosen ? (
        <section aria-labelledby="workspace-audit-heading" className="grid gap-3">
          <h2 id="workspace-audit-heading" className="text-xl font-semibold">
            {t("adminWs.auditTitle", { name: chosen.name })}
          </h2>
          <DataTable
            label={t("adminWs.auditLabel", { name: chosen.name })}
            rows={audit.data?.entries}
            rowKey={(e) => e.id}
            loading={audit.isPending}
            error={audit.isError ? audit.error.message : null}
            emptyText="Nothing recorded yet."
            paging={{ page, pageSize: 50, total: audit.data?.total ?? 0, onPage: setPage }}
            columns={[
              { header: t("auditPage.when"), cell: (e) => formatDateTime(e.createdAt) },
              { header: t("auditPage.who"), cell: (e) => e.actorName },
              { header: t("auditPage.whatCol"), cell: (e) => AUDIT_KIND_LABELS[e.kind] },
              { header: t("auditPage.change"), rowHeader: true, cell: (e) => auditSummary(e) },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
}
