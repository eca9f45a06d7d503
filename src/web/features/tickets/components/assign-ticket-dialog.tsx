import { useState } from "react";
import { TICKET_MESSAGES } from "#domain/tickets";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { toast, toastFailure } from "#web/components/ui/toast";
import type { AdminTicket } from "#web/features/tickets/api/get-admin-tickets";
import { useUpdateTicket } from "#web/features/tickets/api/update-ticket";
import { useT } from "#web/lib/i18n";

export function AssignDialog({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const t = useT();
  const update = useUpdateTicket();
  const [assignee, setAssignee] = useState(ticket.assignedTo ?? TICKET_MESSAGES.assignPrompt);
  const save = () =>
    update.mutateAsync({ id: ticket.id, assignedTo: assignee.trim() || null }).then(() => {
      toast({ title: t("adminTickets.assigned"), description: assignee.trim() || t("adminTickets.unassigned") });
      onClose();
    }, toastFailure(TICKET_MESSAGES.updateFailedTitle));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("adminTickets.assignTitle", { number: ticket.number })}>
        <div className="grid gap-3">
          <FormField id="assignee" label={t("adminTickets.assignTo")}>
            {(control) => (
              <Input {...control} value={assignee} onChange={(e) => setAssignee(e.target.value)} maxLength={120} />
            )}
          </FormField>
          <Button onClick={save} disabled={update.isPending}>
            {t("adminTickets.assign")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
