import { useForm } from "react-hook-form";
import { firstIssueMessage } from "#domain/auth";
import { type CreateTicketInput, createTicketSchema, SUPPORT_MESSAGES } from "#domain/support";
import { Button } from "#web/components/ui/button";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { useCreateTicket } from "#web/features/support/api/tickets";

export function NewTicketForm({ onDone }: { onDone: () => void }) {
  const createTicket = useCreateTicket();
  const form = useForm<CreateTicketInput>({ defaultValues: { subject: "", description: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = createTicketSchema.safeParse(values);
    if (!parsed.success) {
      toast({
        title: SUPPORT_MESSAGES.submissionFailed,
        description: firstIssueMessage(parsed.error),
        variant: "destructive",
      });
      return;
    }
    try {
      const ticket = await createTicket.mutateAsync(parsed.data);
      toast({
        title: SUPPORT_MESSAGES.ticketSubmittedTitle,
        description: SUPPORT_MESSAGES.ticketSubmitted(ticket.number),
      });
      form.reset();
      onDone();
    } catch (err) {
      toast({ title: SUPPORT_MESSAGES.submissionFailed, description: (err as Error).message, variant: "destructive" });
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-border p-4">
      <div className="grid gap-2">
        <Label htmlFor="new-ticket-subject">Subject</Label>
        <Input id="new-ticket-subject" maxLength={200} {...form.register("subject")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new-ticket-description">Describe your issue</Label>
        <Textarea id="new-ticket-description" maxLength={5000} {...form.register("description")} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? SUPPORT_MESSAGES.submitting : "Submit"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
