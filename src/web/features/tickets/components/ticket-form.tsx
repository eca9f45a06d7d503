import { useState } from "react";
import { useForm } from "react-hook-form";
import { firstIssueMessage } from "#domain/auth";
import { type CreateTicketInput, createTicketSchema, SUPPORT_MESSAGES } from "#domain/support";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { useCreateTicket } from "#web/features/tickets/api/create-ticket";
import { fieldErrorsOf, focusFirstError } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const TICKET_FIELDS = ["subject", "description"] as const;
type TicketField = (typeof TICKET_FIELDS)[number];

/**
 * Opening a ticket, wherever it is offered: on the public support page (product §6: one message for
 * anything missing) and in the artist's support area (the first problem named, and a Cancel).
 */
export function TicketForm({ place, onDone }: { place: "public" | "app"; onDone?: () => void }) {
  const createTicket = useCreateTicket();
  const form = useForm<CreateTicketInput>({ defaultValues: { subject: "", description: "" } });
  const inApp = place === "app";
  const id = inApp ? "new-ticket" : "ticket";
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<TicketField, string>>>({});
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = createTicketSchema.safeParse(values);
    if (!parsed.success) {
      // Each message beside its field, focus on the first; the spec's toast still says it too.
      const found = fieldErrorsOf(parsed.error, TICKET_FIELDS);
      setErrors(found);
      focusFirstError(found, TICKET_FIELDS, (field) => `${id}-${field}`);
      toast({
        title: inApp ? SUPPORT_MESSAGES.submissionFailed : SUPPORT_MESSAGES.publicTicketMissingTitle,
        description: inApp ? firstIssueMessage(parsed.error) : SUPPORT_MESSAGES.publicTicketMissing,
        variant: "destructive",
      });
      return;
    }
    setErrors({});
    try {
      const ticket = await createTicket.mutateAsync(parsed.data);
      toast({
        title: SUPPORT_MESSAGES.ticketSubmittedTitle,
        description: SUPPORT_MESSAGES.ticketSubmitted(ticket.number),
      });
      form.reset();
      onDone?.();
    } catch (err) {
      toast({ title: SUPPORT_MESSAGES.submissionFailed, description: (err as Error).message, variant: "destructive" });
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={inApp ? "grid gap-4 rounded-lg border border-border p-4" : "grid gap-4"}
    >
      <FormField id={`${id}-subject`} label={t("ticket.subject")} error={errors.subject}>
        {(control) => <Input {...control} maxLength={200} {...form.register("subject")} />}
      </FormField>
      <FormField
        id={`${id}-description`}
        label={inApp ? t("ticket.describe") : t("ticket.description")}
        error={errors.description}
      >
        {(control) => <Textarea {...control} maxLength={5000} {...form.register("description")} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? SUPPORT_MESSAGES.submitting : inApp ? t("ticket.submit") : t("ticket.submitTicket")}
        </Button>
        {onDone && (
          <Button type="button" variant="outline" onClick={onDone}>
            {t("ticket.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
