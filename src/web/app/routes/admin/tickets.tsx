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
import { useT } from "#web/lib/i18n";
import { useListSearch } from "#web/lib/use-list-search";

const STATUS_TONE = { open: "warning", in_progress: "info", closed: "neutral", on_hold: "neutral" } as const;

export function SupportTicketsPage() {
  const t = useT();
  usePageMeta(t("adminTickets.title"));
  const [status, setStatus] = useState<TicketStatus | "">("");
  const [priority, setPriority] = useState<TicketPriority | "">("");
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [viewing, setViewing] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<AdminTicket | null>(null);
  const [deleting, setDeleting] = useState<AdminTicket | null>(null);
  const tickets = useAdminTickets({ q, status, priority, page, pageSize: 20 });
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const change = (ticket: AdminTicket, input: { status?: TicketStatus; priority?: TicketPriority }, done: string) =>
    update
      .mutateAsync({ id: ticket.id, ...input })
      .then(
        () => toast({ title: done, description: `#${ticket.number} ${ticket.subject}` }),
        toastFailure(TICKET_MESSAGES.updateFailedTitle),
      );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminTickets.title")}</h1>
      <div className="flex flex-wrap gap-3">
        <SearchInput
          label={t("adminTickets.search")}
          placeholder={t("adminTickets.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label={t("adminRel.filter")}
          className="w-44"
          value={status}
          onChange={(e) => setStatus(e.target.value as TicketStatus | "")}
        >
          <option value="">{t("adminRel.allStatuses")}</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t("adminTickets.filterPriority")}
          className="w-44"
          value={priority}
          onChange={(e) => setPriority(e.target.value as TicketPriority | "")}
        >
          <option value="">{t("adminTickets.allPriorities")}</option>
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
            header: t("adminTickets.subject"),
            className: "font-medium",
            cell: (ticket) => (
              <>
                #{ticket.number} {ticket.subject}
              </>
            ),
          },
          {
            header: t("adminRel.user"),
            cell: (ticket) => (
              <>
                {ticket.userName}
                <span className="block text-xs text-muted-foreground">{ticket.userEmail}</span>
              </>
            ),
          },
          {
            header: t("ui.col.status"),
            cell: (ticket) => (
              <>
                <Badge tone={STATUS_TONE[ticket.status]}>{TICKET_STATUS_LABELS[ticket.status]}</Badge>
              </>
            ),
          },
          {
            header: t("adminTickets.priority"),
            cell: (ticket) => (
              <>
                <Select
                  aria-label={t("adminTickets.priorityOf", { number: ticket.number })}
                  className="h-8 w-28"
                  value={ticket.priority}
                  onChange={(e) =>
                    change(ticket, { priority: e.target.value as TicketPriority }, t("adminTickets.priorityChanged"))
                  }
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
          { header: t("adminWs.created"), cell: (ticket) => formatDateTime(ticket.createdAt) },
          { header: t("adminTickets.assignedTo"), cell: (ticket) => ticket.assignedTo ?? "—" },
          {
            header: t("ui.col.actions"),
            cell: (ticket) => (
              <>
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    onClick={() => setViewing(ticket.id)}
                    aria-label={t("adminTickets.viewReply", { number: ticket.number })}
                  >
                    {t("adminTickets.view")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setAssigning(ticket)}
                    aria-label={t("adminTickets.assignN", { number: ticket.number })}
                  >
                    {t("adminTickets.assign")}
                  </Button>
                  {ticket.status === "closed" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => change(ticket, { status: "open" }, t("adminTickets.reopened"))}
                      aria-label={t("adminTickets.reopenN", { number: ticket.number })}
                    >
                      {t("adminTickets.reopen")}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => change(ticket, { status: "closed" }, t("adminTickets.closed"))}
                      aria-label={t("adminTickets.closeN", { number: ticket.number })}
                    >
                      {t("adminTickets.close")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeleting(ticket)}
                    aria-label={t("adminTickets.deleteN", { number: ticket.number })}
                  >
                    {t("adminUsers.delete")}
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={tickets.data?.items}
        rowKey={(ticket) => ticket.id}
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
        title={t("adminTickets.deleteQ", { number: deleting?.number ?? "" })}
        description={t("adminTickets.deleteHint")}
        confirmLabel="Delete Ticket"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutateAsync(deleting.id).then(() => {
            toast({ title: t("adminTickets.deleted"), description: deleting.subject });
            setDeleting(null);
          }, toastFailure(TICKET_MESSAGES.updateFailedTitle))
        }
      />
    </div>
  );
}
