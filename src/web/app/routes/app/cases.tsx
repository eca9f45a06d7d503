import { Link, useParams } from "react-router";
import { anomalyAdvice } from "#domain/fraud";
import { formatInr } from "#domain/money";
import { allows } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useAnswerCase, useCase, useCases } from "#web/features/cases/api/cases";
import { CaseEvidence } from "#web/features/cases/components/case-evidence";
import { CaseOverview } from "#web/features/cases/components/case-overview";
import { CaseThread } from "#web/features/cases/components/case-thread";
import { CasesTable } from "#web/features/cases/components/cases-table";
import { WarningsTable } from "#web/features/cases/components/warnings-table";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

/** Store notices about the workspace's music, and our own early warnings (issue 41). */
export function CasesPage() {
  const t = useT();
  usePageMeta(t("area.nav.cases"));
  const list = useCases();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("area.nav.cases")}</h1>
      <p className="text-muted-foreground">{t("cases.intro")}</p>
      <section aria-labelledby="cases-heading" className="grid gap-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          {t("cases.cases")}
        </h2>
        <CasesTable
          cases={list.data?.cases}
          loading={list.isPending}
          error={list.isError ? list.error.message : null}
          emptyText={t("cases.none")}
          linkTo={paths.app.case}
        />
      </section>
      <section aria-labelledby="warnings-heading" className="grid gap-3">
        <h2 id="warnings-heading" className="text-lg font-semibold">
          {t("cases.warnings")}
        </h2>
        <p className="text-sm text-muted-foreground">{anomalyAdvice()}</p>
        <WarningsTable warnings={list.data?.warnings} loading={list.isPending} failed={list.isError} />
      </section>
    </div>
  );
}

/** One case: what is alleged, the figures, what is held, and the answer thread. */
export function CaseDetailPage() {
  const t = useT();
  const { id = "" } = useParams();
  const detail = useCase(id);
  const answer = useAnswerCase(id);
  const { data: user } = useSession();
  usePageMeta(detail.data ? t("cases.caseRef", { ref: detail.data.case.reference }) : t("cases.case"));
  const canAnswer = Boolean(user?.workspace && allows(user.workspace, "royalties:write"));
  if (detail.isPending) return <p role="status">{t("cases.loading")}</p>;
  if (detail.isError)
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">{t("cases.notFound")}</h1>
        <p role="alert">{detail.error.message}</p>
        <Link className="text-primary underline" to={paths.app.cases}>
          {t("cases.back")}
        </Link>
      </div>
    );
  const { case: c } = detail.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link className="text-sm text-primary underline" to={paths.app.cases}>
          {t("area.nav.cases")}
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          {t("cases.title", { ref: c.reference, store: c.store })}
        </h1>
        {c.status === "open" && detail.data.money.heldPaise > 0 && (
          <p className="text-muted-foreground">
            {t("cases.held", { amount: formatInr(detail.data.money.heldPaise, { decimals: true }) })}
          </p>
        )}
      </div>
      <CaseOverview detail={detail.data} side="artist" />
      <CaseEvidence evidence={detail.data.evidence} store={c.store} />
      <CaseThread
        messages={detail.data.messages}
        fileUrl={(fileId) => `/api/cases/${c.id}/files/${fileId}`}
        side="artist"
        canWrite={c.status === "open" && canAnswer}
        closedText={c.status === "open" ? t("cases.roleCannot") : t("cases.closed")}
        withFile
        sending={answer.isPending}
        onSend={async (message, file) => {
          await answer.mutateAsync({ message, file });
          toast({ title: t("cases.answerSent"), description: t("cases.readBefore", { date: c.deadline }) });
        }}
      />
    </div>
  );
}
