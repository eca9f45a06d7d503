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
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

export function SupportPage() {
  usePublicPageMeta("/support-page");
  const t = useT();
  const { data: user, isPending } = useSession();
  return (
    <>
      <PageHero title={t("publicSupport.heading")}>{t("publicSupport.intro")}</PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="mb-4 text-2xl font-bold">
            {t("supportPage.faq")}
          </h2>
          <FaqList />
        </section>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <LifeBuoy className="h-5 w-5 text-primary" aria-hidden />
              {t("publicSupport.submit")}
            </h2>
            <div className="mt-4">
              {isPending ? null : user ? (
                <TicketForm place="public" />
              ) : (
                <p className="text-sm text-muted-foreground">
                  {SUPPORT_MESSAGES.mustBeSignedIn}{" "}
                  <Link to={paths.login} className="font-medium text-primary underline underline-offset-2">
                    {t("publicSupport.signIn")}
                  </Link>
                </p>
              )}
            </div>
            <p className="mt-4 text-xs text-muted-foreground">
              {t("publicSupport.orWrite")}{" "}
              <a className="text-primary underline underline-offset-2" href={`mailto:${CONTACT.supportEmail}`}>
                {CONTACT.supportEmail}
              </a>
              {t("publicSupport.responseTime", { time: CONTACT.responseTime })}
            </p>
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <BookOpen className="h-5 w-5 text-primary" aria-hidden />
              {t("publicSupport.guides")}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{t("publicSupport.guidesText")}</p>
            <Button className="mt-4" variant="outline" disabled>
              {t("publicSupport.soon")}
            </Button>
          </Card>
        </div>
      </div>
    </>
  );
}
