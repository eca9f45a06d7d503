import { Link, useParams } from "react-router";
import { ANOMALY_ADVICE } from "#domain/fraud";
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
import { useSession } from "#web/lib/session";

/** Store notices about the workspace's music, and our own early warnings (issue 41). */
export function CasesPage() {
  usePageMeta("Store notices");
  const list = useCases();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Store notices</h1>
      <p className="text-muted-foreground">
        When a store tells us it found artificial streams on your music, you see exactly what it says and the figures
        behind it, only the earnings in dispute are held, and we decide by a date after hearing you.
      </p>
      <section aria-labelledby="cases-heading" className="grid gap-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          Cases
        </h2>
        <CasesTable
          cases={list.data?.cases}
          loading={list.isPending}
          error={list.isError ? list.error.message : null}
          emptyText="No store has flagged your music."
          linkTo={paths.app.case}
        />
      </section>
      <section aria-labelledby="warnings-heading" className="grid gap-3">
        <h2 id="warnings-heading" className="text-lg font-semibold">
          Early warnings from your reports
        </h2>
        <p className="text-sm text-muted-foreground">{ANOMALY_ADVICE}</p>
        <WarningsTable warnings={list.data?.warnings} loading={list.isPending} failed={list.isError} />
      </section>
    </div>
  );
}

/** One case: what is alleged, the figures, what is held, and the answer thread. */
export function CaseDetailPage() {
  const { id = "" } = useParams();
  const detail = useCase(id);
  const answer = useAnswerCase(id);
  const { data: user } = useSession();
  usePageMeta(detail.data ? `Case ${detail.data.case.reference}` : "Case");
  const canAnswer = Boolean(user?.workspace && allows(user.workspace, "royalties:write"));
  if (detail.isPending) return <p role="status">Loading the case…</p>;
  if (detail.isError)
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">Case not found</h1>
        <p role="alert">{detail.error.message}</p>
        <Link className="text-primary underline" to={paths.app.cases}>
          Back to store notices
        </Link>
      </div>
    );
  const { case: c } = detail.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link className="text-sm text-primary underline" to={paths.app.cases}>
          Store notices
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          Case {c.reference}: {c.store}
        </h1>
        {c.status === "open" && detail.data.money.heldPaise > 0 && (
          <p className="text-muted-foreground">
            {formatInr(detail.data.money.heldPaise, { decimals: true })} is held while we look at it.
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
        closedText={
          c.status === "open"
            ? "Your role in this workspace cannot answer cases: ask its owner, an admin or the accountant."
            : "This case is closed. To raise it again, open a support ticket."
        }
        withFile
        sending={answer.isPending}
        onSend={async (message, file) => {
          await answer.mutateAsync({ message, file });
          toast({ title: "Answer sent", description: `We read it before deciding, by ${c.deadline}.` });
        }}
      />
    </div>
  );
}
