import { BookOpen, LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { CONTACT } from "#domain/business";
import { SUPPORT_MESSAGES } from "#domain/support";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { paths } from "#web/config/paths";
import { FaqList } from "#web/features/marketing/components/faq-list";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { TicketForm } from "#web/features/tickets/components/ticket-form";
import { useSession } from "#web/lib/session";

export function SupportPage() {
  usePublicPageMeta("/support-page");
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
                <TicketForm place="public" />
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
