import { TICKET_MESSAGES } from "#domain/tickets";
import { toast } from "#web/components/ui/toast";
import { useAdminTicketThread } from "#web/features/tickets/api/get-admin-ticket";
import { useReplyToTicket } from "#web/features/tickets/api/reply-as-support";
import { useT } from "#web/lib/i18n";
import { TicketThread } from "./ticket-thread";

/** The support team's view of a ticket: who wrote it, and a reply the user is told about. */
export function AdminTicketThreadDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const t = useT();
  const thread = useAdminTicketThread(ticketId);
  const reply = useReplyToTicket();
  const ticket = thread.data?.ticket;
  return (
    <TicketThread
      side="admin"
      title={ticket ? `#${ticket.number} ${ticket.subject}` : t("ticketThread.ticket")}
      description={ticket ? t("adminTickets.from", { name: ticket.userName, email: ticket.userEmail }) : undefined}
      messages={thread.data?.messages}
      loadFailed={thread.isError}
      replyLabel={t("adminTickets.replyLabel")}
      sending={reply.isPending}
      onReply={async (message) => {
        await reply.mutateAsync({ id: ticketId, message });
        toast({ title: TICKET_MESSAGES.replySentTitle, description: t("adminTickets.notified") });
      }}
      onClose={onClose}
    />
  );
}
