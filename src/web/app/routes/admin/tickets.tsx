import { useState } from "react";
import {
  TICKET_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "#domain/tickets";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { Select } from "#web/components/ui/select";
import { toast, toastFailure } from "#web/components/ui/toast";
import { useDeleteTicket } from "#web/features/tickets/api/delete-ticket";
import { type AdminTicket, useAdminTickets } from "#web/features/tickets/api/get-admin-tickets";
import { useUpdateTicket } from "#web/features/tickets/api/update-ticket";
import { AdminTicketThreadDialog } from "#web/features/tickets/components/admin-ticket-thread-dialog";
import { AssignDialog } from "#web/features/tickets/components/assign-ticket-dialog";
import { formatDateTime } from "#web/lib/format";
import { useListSearch } from "#web/lib/use-list-search";

const STATUS_TONE = { open: "warning", in_progress: "info", closed: "neutral", on_hold: "neutral" } as const;

export function SupportTicketsPage() {
  usePageMeta("Support Tickets");
  const [status, setStatus] = useState<TicketStatus | "">("");
  const [priority, setPriority] = useState<TicketPriority | "">("");
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [viewing, setViewing] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<AdminTicket | null>(null);
  const [deleting, setDeleting] = useState<AdminTicket | null>(null);
  const tickets = useAdminTickets({ q, status, priority, page, pageSize: 20 });
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const change = (t: AdminTicket, input: { status?: TicketStatus; priority?: TicketPriority }, done: string) =>
    update
      .mutateAsync({ id: t.id, ...input })
      .then(
        () => toast({ title: done, description: `#${t.number} ${t.subject}` }),
        toastFailure(TICKET_MESSAGES.updateFailedTitle),
      );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Support Tickets</h1>
      <div className="flex flex-wrap gap-3">
        <SearchInput label="Search tickets" placeholder="Subject or user" value={search} onChange={setSearch} />
        <Select
          aria-label="Filter by status"
          className="w-44"
          value={status}
          onChange={(e) => setStatus(e.target.value as TicketStatus | "")}
        >
          <option value="">All statuses</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Filter by priority"
          className="w-44"
          value={priority}
          onChange={(e) => setPriority(e.target.value as TicketPriority | "")}
        >
          <option value="">All priorities</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {TICKET_PRIORITY_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      <DataTable
        columns={[
          {
            header: "Subject",
            className: "font-medium",
            cell: (t) => (
              <>
                #{t.number} {t.subject}
              </>
            ),
          },
          {
            header: "User",
            cell: (t) => (
              <>
                {t.userName}
                <span className="block text-xs text-muted-foreground">{t.userEmail}</span>
              </>
            ),
          },
          {
            header: "Status",
            cell: (t) => (
              <>
                <Badge tone={STATUS_TONE[t.status]}>{TICKET_STATUS_LABELS[t.status]}</Badge>
              </>
            ),
          },
          {
            header: "Priority",
            cell: (t) => (
              <>
                <Select
                  aria-label={`Priority of #${t.number}`}
                  className="h-8 w-28"
                  value={t.priority}
                  onChange={(e) => change(t, { priority: e.target.value as TicketPriority }, "Priority changed")}
                >
                  {TICKET_PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {TICKET_PRIORITY_LABELS[p]}
                    </option>
                  ))}
                </Select>
              </>
            ),
          },
          { header: "Created", cell: (t) => formatDateTime(t.createdAt) },
          { header: "Assigned To", cell: (t) => t.assignedTo ?? "—" },
          {
            header: "Actions",
            cell: (t) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" onClick={() => setViewing(t.id)} aria-label={`View and reply to #${t.number}`}>
                    View
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setAssigning(t)}
                    aria-label={`Assign #${t.number}`}
                  >
                    Assign
                  </Button>
                  {t.status === "closed" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => change(t, { status: "open" }, "Ticket reopened")}
                      aria-label={`Reopen #${t.number}`}
                    >
                      Reopen
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => change(t, { status: "closed" }, "Ticket closed")}
                      aria-label={`Close #${t.number}`}
                    >
                      Close
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeleting(t)}
                    aria-label={`Delete #${t.number}`}
                  >
                    Delete
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={tickets.data?.items}
        rowKey={(t) => t.id}
        loading={tickets.isPending}
        loadingText="Loading tickets…"
        emptyText="No tickets match."
        paging={
          tickets.data && { page: page, pageSize: tickets.data.pageSize, total: tickets.data.total, onPage: setPage }
        }
      />
      {viewing && <AdminTicketThreadDialog ticketId={viewing} onClose={() => setViewing(null)} />}
      {assigning && <AssignDialog ticket={assigning} onClose={() => setAssigning(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ticket #${deleting?.number ?? ""}?`}
        description="The ticket and its whole conversation are deleted for good."
        confirmLabel="Delete Ticket"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutateAsync(deleting.id).then(() => {
            toast({ title: "Ticket deleted", description: deleting.subject });
            setDeleting(null);
          }, toastFailure(TICKET_MESSAGES.updateFailedTitle))
        }
      />
    </div>
  );
}
