import { Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CONTACT } from "#domain/business";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FaqList } from "#web/features/marketing/components/faq-list";
import { TicketForm } from "#web/features/tickets/components/ticket-form";
import { TicketList } from "#web/features/tickets/components/ticket-list";
import { TicketThreadDialog } from "#web/features/tickets/components/ticket-thread-dialog";
import { useT } from "#web/lib/i18n";

export function SupportPage() {
  const t = useT();
  usePageMeta(t("supportPage.title"));
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const viewing = params.get("ticket");
  const view = (id: string | null) => setParams(id ? { ticket: id } : {}, { replace: !id });
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("supportPage.heading")}</h1>
        {!creating && (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t("supportPage.new")}
          </Button>
        )}
      </div>
      {creating && <TicketForm place="app" onDone={() => setCreating(false)} />}
      <TicketList onView={view} />
      {viewing && <TicketThreadDialog ticketId={viewing} onClose={() => view(null)} />}
      <Card>
        <h2 className="mb-4 text-xl font-semibold">{t("supportPage.faq")}</h2>
        <FaqList />
      </Card>
      <p className="text-sm text-muted-foreground">
        {t("supportPage.more")}{" "}
        <a className="text-primary underline underline-offset-2" href={`mailto:${CONTACT.supportEmail}`}>
          {CONTACT.supportEmail}
        </a>
        {t("supportPage.responseTime", { time: CONTACT.responseTime })}
      </p>
    </div>
  );
}
