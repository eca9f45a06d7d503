import { useState } from "react";
import { TICKET_MESSAGES } from "#domain/tickets";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Textarea } from "#web/components/ui/textarea";
import type { TicketMessage } from "#web/features/tickets/api/get-ticket";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export interface TicketThreadProps {
  /** Whose screen this is: their own messages sit on the right. */
  side: "artist" | "admin";
  title: string;
  description?: string;
  messages: TicketMessage[] | undefined;
  loadFailed: boolean;
  replyLabel: string;
  sending: boolean;
  /** Sends the reply; a failure is shown beside the field. */
  onReply: (message: string) => Promise<unknown>;
  onClose: () => void;
}

/** One ticket's conversation and a reply form, in a dialog: the same for the artist and the support team. */
export function TicketThread(props: TicketThreadProps) {
  const t = useT();
  const { side, messages } = props;
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [empty, setEmpty] = useState<string | null>(null);
  const fieldId = `${side}-reply`;
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!message.trim()) {
      setEmpty(TICKET_MESSAGES.emptyReply);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setEmpty(null);
    try {
      await props.onReply(message.trim());
      setMessage("");
    } catch (err) {
      setError(`${TICKET_MESSAGES.sendFailed} ${(err as Error).message}`);
    }
  };
  const mine = (isAdminReply: boolean) => (side === "admin") === isAdminReply;
  return (
    <Dialog open onOpenChange={(o) => !o && props.onClose()}>
      <DialogContent title={props.title} description={props.description} className="max-w-2xl">
        {props.loadFailed && <p role="alert">{TICKET_MESSAGES.loadDetailsFailed}</p>}
        <ol aria-label={t("ticketThread.messages")} className="grid max-h-80 gap-3 overflow-y-auto">
          {messages?.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg p-3 text-sm ${mine(m.isAdminReply) ? "ml-8" : "mr-8"} ${
                m.isAdminReply ? "bg-primary/10" : "bg-muted"
              }`}
            >
              <p className="text-xs text-muted-foreground">
                {side === "artist" && !m.isAdminReply ? t("ticketThread.you") : m.senderName} ·{" "}
                {formatDateTime(m.sentAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{m.message}</p>
            </li>
          ))}
        </ol>
        <form onSubmit={send} noValidate className="mt-4 grid gap-2">
          <FormField id={fieldId} label={props.replyLabel} error={empty} announce>
            {(control) => (
              <Textarea {...control} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} />
            )}
          </FormField>
          <FormError message={error} />
          <Button type="submit" disabled={props.sending} className="justify-self-end">
            {props.sending ? t("importPage.sending") : t("caseThread.sendReply")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
