import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "#domain/tickets";
import { useTicketThread } from "#web/features/tickets/api/get-ticket";
import { useReplyToOwnTicket } from "#web/features/tickets/api/reply-to-ticket";
import { TicketThread } from "./ticket-thread";

/** The artist's view of one of their tickets. */
export function TicketThreadDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const thread = useTicketThread(ticketId);
  const reply = useReplyToOwnTicket(ticketId);
  const ticket = thread.data?.ticket;
  return (
    <TicketThread
      side="artist"
      title={ticket ? `#${ticket.number} ${ticket.subject}` : "Ticket"}
      description={
        ticket
          ? `${TICKET_STATUS_LABELS[ticket.status]} · ${TICKET_PRIORITY_LABELS[ticket.priority]} priority`
          : undefined
      }
      messages={thread.data?.messages}
      loadFailed={thread.isError}
      replyLabel="Your reply"
      sending={reply.isPending}
      onReply={(message) => reply.mutateAsync(message)}
      onClose={onClose}
    />
  );
}
