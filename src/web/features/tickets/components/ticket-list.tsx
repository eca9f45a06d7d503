import { SUPPORT_MESSAGES } from "#domain/support";
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "#domain/tickets";
import { Button } from "#web/components/ui/button";
import { useTickets } from "#web/features/tickets/api/get-tickets";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export function TicketList({ onView }: { onView: (id: string) => void }) {
  const t = useT();
  const { data: tickets, isPending, isError } = useTickets();
  if (isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t("tickets.loading")}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {SUPPORT_MESSAGES.loadFailed}
      </p>
    );
  }
  if (tickets.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("tickets.none")}</p>;
  }
  return (
    <ul className="grid gap-3">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="rounded-lg border border-border p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-semibold">
              <span className="text-muted-foreground">#{ticket.number}</span> {ticket.subject}
            </h3>
            <div className="flex gap-2 text-xs">
              <span className="rounded-full bg-muted px-2 py-0.5">
                {t("tickets.status")} {TICKET_STATUS_LABELS[ticket.status]}
              </span>
              <span className="rounded-full bg-muted px-2 py-0.5">
                {t("tickets.priority")} {TICKET_PRIORITY_LABELS[ticket.priority]}
              </span>
            </div>
          </div>
          <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{ticket.description}</p>
          <div className="mt-2 flex items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              {t("tickets.opened", { date: formatDate(ticket.createdAt) })}
            </p>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onView(ticket.id)}
              aria-label={t("tickets.viewLabel", { number: ticket.number })}
            >
              {t("tickets.view")}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
