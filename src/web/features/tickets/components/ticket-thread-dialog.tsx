import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "#domain/tickets";
import { useTicketThread } from "#web/features/tickets/api/get-ticket";
import { useReplyToOwnTicket } from "#web/features/tickets/api/reply-to-ticket";
import { useT } from "#web/lib/i18n";
import { TicketThread } from "./ticket-thread";

/** The artist's view of one of their tickets. */
export function TicketThreadDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const t = useT();
  const thread = useTicketThread(ticketId);
  const reply = useReplyToOwnTicket(ticketId);
  const ticket = thread.data?.ticket;
  return (
    <TicketThread
      side="artist"
      title={ticket ? `#${ticket.number} ${ticket.subject}` : t("ticketThread.ticket")}
      description={
        ticket
          ? t("ticketThread.meta", {
              status: TICKET_STATUS_LABELS[ticket.status],
              priority: TICKET_PRIORITY_LABELS[ticket.priority],
            })
          : undefined
      }
      messages={thread.data?.messages}
      loadFailed={thread.isError}
      replyLabel={t("ticketThread.yourReply")}
      sending={reply.isPending}
      onReply={(message) => reply.mutateAsync(message)}
      onClose={onClose}
    />
  );
}
