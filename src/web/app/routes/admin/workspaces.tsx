import { useState } from "react";
import { PLANS, type PlanId } from "#domain/plans";
import { AUDIT_KIND_LABELS } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { type AdminWorkspace, useAdminAuditLog, useAdminWorkspaces } from "#web/features/workspaces/api/workspaces";
import { formatDateTime } from "#web/lib/format";

const planName = (id: string | null) => (id && id in PLANS ? PLANS[id as PlanId].name : "No plan");

/** Kalrav admins: every workspace with its plan, owner and team, and each one's audit log (issue 35). */
export function AdminWorkspacesPage() {
  usePageMeta("Workspaces");
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<AdminWorkspace | null>(null);
  const [page, setPage] = useState(1);
  const workspaces = useAdminWorkspaces(q.trim());
  const audit = useAdminAuditLog(chosen?.id ?? null, page);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Workspaces</h1>
      <SearchInput label="Search workspaces" placeholder="Workspace or owner name" value={q} onChange={setQ} />
      <DataTable<AdminWorkspace>
        label="Workspaces"
        rows={workspaces.data?.workspaces}
        rowKey={(w) => w.id}
        loading={workspaces.isPending}
        error={workspaces.isError ? workspaces.error.message : null}
        emptyText="No workspace matches."
        columns={[
          { header: "Workspace", rowHeader: true, cell: (w) => w.name },
          { header: "Owner", cell: (w) => w.owner ?? "—" },
          { header: "Plan", cell: (w) => planName(w.plan) },
          { header: "Members", numeric: true, cell: (w) => w.members },
          { header: "Created", cell: (w) => formatDateTime(w.createdAt) },
          {
            header: "Actions",
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
                Audit log<span className="sr-only"> of {w.name}</span>
              </Button>
            ),
          },
        ]}
      />
      {chosen ? (
        <section aria-labelledby="workspace-audit-heading" className="grid gap-3">
          <h2 id="workspace-audit-heading" className="text-xl font-semibold">
            Audit log: {chosen.name}
          </h2>
          <DataTable
            label={`Audit log of ${chosen.name}`}
            rows={audit.data?.entries}
            rowKey={(e) => e.id}
            loading={audit.isPending}
            error={audit.isError ? audit.error.message : null}
            emptyText="Nothing recorded yet."
            paging={{ page, pageSize: 50, total: audit.data?.total ?? 0, onPage: setPage }}
            columns={[
              { header: "When", cell: (e) => formatDateTime(e.createdAt) },
              { header: "Who", cell: (e) => e.actorName },
              { header: "What", cell: (e) => AUDIT_KIND_LABELS[e.kind] },
              { header: "Change", rowHeader: true, cell: (e) => e.summary },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
}
