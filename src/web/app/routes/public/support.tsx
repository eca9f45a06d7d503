import { BookOpen, LifeBuoy } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { CONTACT } from "#domain/business";
import { type CreateTicketInput, createTicketSchema, SUPPORT_MESSAGES } from "#domain/support";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useSession } from "#web/features/auth/api/get-session";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { useCreateTicket } from "#web/features/support/api/tickets";
import { FaqList } from "#web/features/support/components/faq-list";

function TicketForm() {
  const createTicket = useCreateTicket();
  const form = useForm<CreateTicketInput>({ defaultValues: { subject: "", description: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = createTicketSchema.safeParse(values);
    if (!parsed.success) {
      toast({
        title: SUPPORT_MESSAGES.publicTicketMissingTitle,
        description: SUPPORT_MESSAGES.publicTicketMissing,
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
    } catch (err) {
      toast({ title: SUPPORT_MESSAGES.submissionFailed, description: (err as Error).message, variant: "destructive" });
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="ticket-subject">Subject</Label>
        <Input id="ticket-subject" maxLength={200} {...form.register("subject")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ticket-description">Description</Label>
        <Textarea id="ticket-description" maxLength={5000} {...form.register("description")} />
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? SUPPORT_MESSAGES.submitting : "Submit Ticket"}
      </Button>
    </form>
  );
}

export function SupportPage() {
  usePageMeta(
    "Support",
    "Answers to common questions about distribution, royalties and payouts, and help from our team.",
  );
  const { data: user, isPending } = useSession();
  return (
    <>
      <PageHero title="How Can We Help?">
        Search the answers to common questions or open a ticket with our team.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="mb-4 text-2xl font-bold">
            Frequently Asked Questions
          </h2>
          <FaqList />
        </section>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <LifeBuoy className="h-5 w-5 text-primary" aria-hidden />
              Submit a Ticket
            </h2>
            <div className="mt-4">
              {isPending ? null : user ? (
                <TicketForm />
              ) : (
                <p className="text-sm text-muted-foreground">
                  {SUPPORT_MESSAGES.mustBeSignedIn}{" "}
                  <Link to={paths.login} className="font-medium text-primary underline underline-offset-2">
                    Sign in to submit a ticket
                  </Link>
                </p>
              )}
            </div>
            <p className="mt-4 text-xs text-muted-foreground">
              Or write to{" "}
              <a className="text-primary underline underline-offset-2" href={`mailto:${CONTACT.supportEmail}`}>
                {CONTACT.supportEmail}
              </a>
              . Typical response time is within {CONTACT.responseTime}.
            </p>
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <BookOpen className="h-5 w-5 text-primary" aria-hidden />
              Guides and Blog
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">Release guides and artist stories are on their way.</p>
            <Button className="mt-4" variant="outline" disabled>
              Soon
            </Button>
          </Card>
        </div>
      </div>
    </>
  );
}
