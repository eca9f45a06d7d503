import { useState } from "react";
import { TICKET_MESSAGES, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "#domain/tickets";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Label } from "#web/components/ui/label";
import { Textarea } from "#web/components/ui/textarea";
import { useReplyToOwnTicket, useTicketThread } from "#web/features/support/api/tickets";
import { formatDateTime } from "#web/lib/format";

export function TicketThreadDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const thread = useTicketThread(ticketId);
  const reply = useReplyToOwnTicket(ticketId);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return setError(TICKET_MESSAGES.emptyReply);
    setError(null);
    try {
      await reply.mutateAsync(message.trim());
      setMessage("");
    } catch (err) {
      setError(`${TICKET_MESSAGES.sendFailed} ${(err as Error).message}`);
    }
  };
  const ticket = thread.data?.ticket;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={ticket ? `#${ticket.number} ${ticket.subject}` : "Ticket"}
        description={
          ticket
            ? `${TICKET_STATUS_LABELS[ticket.status]} · ${TICKET_PRIORITY_LABELS[ticket.priority]} priority`
            : undefined
        }
        className="max-w-2xl"
      >
        {thread.isError && <p role="alert">{TICKET_MESSAGES.loadDetailsFailed}</p>}
        <ol aria-label="Messages" className="grid max-h-80 gap-3 overflow-y-auto">
          {thread.data?.messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg p-3 text-sm ${m.isAdminReply ? "mr-8 bg-primary/10" : "ml-8 bg-muted"}`}
            >
              <p className="text-xs text-muted-foreground">
                {m.isAdminReply ? m.senderName : "You"} · {formatDateTime(m.sentAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{m.message}</p>
            </li>
          ))}
        </ol>
        <form onSubmit={send} noValidate className="mt-4 grid gap-2">
          <Label htmlFor="artist-reply">Your reply</Label>
          <Textarea id="artist-reply" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} />
          <FormError message={error} />
          <Button type="submit" disabled={reply.isPending} className="justify-self-end">
            {reply.isPending ? "Sending..." : "Send Reply"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
