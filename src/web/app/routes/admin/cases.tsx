import { useState } from "react";
import { Link, useParams } from "react-router";
import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseStatus } from "#domain/fraud";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Checkbox } from "#web/components/ui/checkbox";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { FormField } from "#web/components/ui/form-field";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import {
  useAdminCase,
  useAdminCases,
  useDecideCase,
  useImportNotices,
  useRecordNotice,
  useReplyOnCase,
  useReverseFee,
  useReviewWarning,
  useWarningQueue,
} from "#web/features/cases/api/admin-cases";
import { CaseEvidence } from "#web/features/cases/components/case-evidence";
import { CaseOverview } from "#web/features/cases/components/case-overview";
import { CaseThread } from "#web/features/cases/components/case-thread";
import { CasesTable } from "#web/features/cases/components/cases-table";
import { DecisionForm } from "#web/features/cases/components/decision-form";
import { NoticeFileForm } from "#web/features/cases/components/notice-file-form";
import { NoticeForm } from "#web/features/cases/components/notice-form";
import { WarningsTable } from "#web/features/cases/components/warnings-table";
import { useStoreHealth } from "#web/features/deliveries/api/deliveries";
import { useT } from "#web/lib/i18n";

/** Store notices for the admins: record one, work through the open cases by deadline, and the warnings queue. */
export function AdminCasesPage() {
  const t = useT();
  usePageMeta(t("admin.nav.cases"));
  const [status, setStatus] = useState<CaseStatus | "">("");
  const [overdue, setOverdue] = useState(false);
  const cases = useAdminCases({ status: status || undefined, overdue });
  const record = useRecordNotice();
  const importFile = useImportNotices();
  const warnings = useWarningQueue();
  const review = useReviewWarning();
  const stores = (useStoreHealth().data?.stores ?? []).map((s) => s.storeName);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.nav.cases")}</h1>
      <Card>
        <h2 className="text-lg font-semibold">{t("adminCase.record")}</h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("adminCase.recordIntro")}</p>
        <NoticeForm
          stores={stores}
          pending={record.isPending}
          onRecord={async (body) => {
            const opened = await record.mutateAsync(body);
            toast({
              title: t("adminCase.opened"),
              description: t("adminCase.openedFor", {
                reference: opened.case.reference,
                workspace: opened.case.workspaceName,
              }),
            });
            return opened;
          }}
        />
        <h3 className="mt-6 font-semibold">{t("adminCase.orImport")}</h3>
        <NoticeFileForm
          pending={importFile.isPending}
          onImport={async (csv) => {
            const opened = await importFile.mutateAsync(csv);
            toast({
              title: t("adminCase.openedCount", { count: opened.length }),
              description: t("adminCase.eachTold"),
            });
          }}
        />
      </Card>
      <section aria-labelledby="cases-heading" className="grid gap-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          {t("cases.cases")}
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <FormField id="cases-status" label={t("statement.status")}>
            {(control) => (
              <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as CaseStatus | "")}>
                <option value="">{t("royalties.all")}</option>
                {CASE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {CASE_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <div className="flex items-center gap-2 pb-2">
            <Checkbox id="cases-overdue" checked={overdue} onCheckedChange={(on) => setOverdue(on === true)} />
            <Label htmlFor="cases-overdue">{t("adminCase.overdueOnly")}</Label>
          </div>
        </div>
        <CasesTable
          cases={cases.data}
          loading={cases.isPending}
          error={cases.isError ? cases.error.message : null}
          emptyText={t("adminCase.none")}
          linkTo={paths.admin.case}
          showWorkspace
        />
      </section>
      <section aria-labelledby="warnings-heading" className="grid gap-3">
        <h2 id="warnings-heading" className="text-lg font-semibold">
          {t("adminCase.warnings")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("adminCase.warningsIntro")}</p>
        <WarningsTable
          warnings={warnings.data}
          loading={warnings.isPending}
          failed={warnings.isError}
          showWorkspace
          action={(w) => (
            <Button
              size="sm"
              variant="outline"
              disabled={review.isPending}
              aria-label={t("adminCase.markReviewed", { track: w.track })}
              onClick={() => review.mutate(w.id)}
            >
              {t("adminCase.reviewed")}
            </Button>
          )}
        />
      </section>
    </div>
  );
}

/** One case for the admins: the same file the artist sees, the thread, and the decision. */
export function AdminCaseDetailPage() {
  const { id = "" } = useParams();
  const detail = useAdminCase(id);
  const decide = useDecideCase(id);
  const reply = useReplyOnCase(id);
  const fee = useReverseFee(id);
  const [confirmFee, setConfirmFee] = useState(false);
  const t = useT();
  usePageMeta(detail.data ? t("cases.caseRef", { ref: detail.data.case.reference }) : t("cases.case"));
  if (detail.isPending) return <p role="status">{t("cases.loading")}</p>;
  if (detail.isError)
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">{t("cases.notFound")}</h1>
        <p role="alert">{detail.error.message}</p>
        <Link className="text-primary underline" to={paths.admin.cases}>
          {t("cases.back")}
        </Link>
      </div>
    );
  const c = detail.data.case;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link className="text-sm text-primary underline" to={paths.admin.cases}>
          {t("admin.nav.cases")}
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          {t("adminCase.title", { reference: c.reference, store: c.store, workspace: c.workspaceName })}
        </h1>
      </div>
      <CaseOverview detail={detail.data} side="admin" />
      {c.feePaise > 0 && !c.feeReversed && (
        <div>
          <Button variant="outline" onClick={() => setConfirmFee(true)}>
            {t("adminCase.feeReversedByStore")}
          </Button>
          <ConfirmDialog
            open={confirmFee}
            onOpenChange={setConfirmFee}
            title={t("adminCase.reverseFeeQ")}
            description={t("adminCase.reverseFeeText")}
            confirmLabel={t("adminCase.reverseFee")}
            pending={fee.isPending}
            onConfirm={async () => {
              try {
                await fee.mutateAsync(undefined);
                toast({ title: t("adminCase.feeReversed"), description: t("adminCase.feeOnStatement") });
              } catch (err) {
                toast({
                  title: t("adminCase.feeFailed"),
                  description: (err as Error).message,
                  variant: "destructive",
                });
              }
              setConfirmFee(false);
            }}
          />
        </div>
      )}
      <CaseEvidence evidence={detail.data.evidence} store={c.store} />
      <CaseThread
        messages={detail.data.messages}
        fileUrl={(fileId) => `/api/admin/cases/${c.id}/files/${fileId}`}
        side="admin"
        canWrite
        closedText=""
        withFile={false}
        sending={reply.isPending}
        onSend={(message) => reply.mutateAsync(message)}
      />
      {c.status === "open" && (
        <DecisionForm
          detail={detail.data}
          pending={decide.isPending}
          onDecide={async (d) => {
            await decide.mutateAsync(d);
            toast({ title: t("adminCase.decided"), description: t("adminCase.artistTold") });
          }}
        />
      )}
    </div>
  );
}
