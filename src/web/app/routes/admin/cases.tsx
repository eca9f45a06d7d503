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

/** Store notices for the admins: record one, work through the open cases by deadline, and the warnings queue. */
export function AdminCasesPage() {
  usePageMeta("Store Notices");
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
      <h1 className="text-2xl font-bold sm:text-3xl">Store Notices</h1>
      <Card>
        <h2 className="text-lg font-semibold">Record a store's notice</h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">
          Opens a case for the workspace that holds the tracks, holds only their earnings at that store in those months,
          and tells the artist at once. They have until the deadline to answer; you decide by it.
        </p>
        <NoticeForm
          stores={stores}
          pending={record.isPending}
          onRecord={async (body) => {
            const opened = await record.mutateAsync(body);
            toast({
              title: "Case opened",
              description: `${opened.case.reference} for ${opened.case.workspaceName}: the artist has been told.`,
            });
            return opened;
          }}
        />
        <h3 className="mt-6 font-semibold">Or import the store's file</h3>
        <NoticeFileForm
          pending={importFile.isPending}
          onImport={async (csv) => {
            const opened = await importFile.mutateAsync(csv);
            toast({
              title: `${opened.length} case${opened.length === 1 ? "" : "s"} opened`,
              description: "Each workspace has been told.",
            });
          }}
        />
      </Card>
      <section aria-labelledby="cases-heading" className="grid gap-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          Cases
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <FormField id="cases-status" label="Status">
            {(control) => (
              <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as CaseStatus | "")}>
                <option value="">All</option>
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
            <Label htmlFor="cases-overdue">Overdue only</Label>
          </div>
        </div>
        <CasesTable
          cases={cases.data}
          loading={cases.isPending}
          error={cases.isError ? cases.error.message : null}
          emptyText="No cases."
          linkTo={paths.admin.case}
          showWorkspace
        />
      </section>
      <section aria-labelledby="warnings-heading" className="grid gap-3">
        <h2 id="warnings-heading" className="text-lg font-semibold">
          Early warnings to review
        </h2>
        <p className="text-sm text-muted-foreground">
          Patterns in the imported reports that stores treat as artificial streaming. Nothing is held on a warning; the
          artist sees the same figures.
        </p>
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
              aria-label={`Mark the warning on ${w.track} as reviewed`}
              onClick={() => review.mutate(w.id)}
            >
              Reviewed
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
  usePageMeta(detail.data ? `Case ${detail.data.case.reference}` : "Case");
  if (detail.isPending) return <p role="status">Loading the case…</p>;
  if (detail.isError)
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">Case not found</h1>
        <p role="alert">{detail.error.message}</p>
        <Link className="text-primary underline" to={paths.admin.cases}>
          Back to store notices
        </Link>
      </div>
    );
  const c = detail.data.case;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link className="text-sm text-primary underline" to={paths.admin.cases}>
          Store Notices
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          Case {c.reference}: {c.store}, {c.workspaceName}
        </h1>
      </div>
      <CaseOverview detail={detail.data} side="admin" />
      {c.feePaise > 0 && !c.feeReversed && (
        <div>
          <Button variant="outline" onClick={() => setConfirmFee(true)}>
            The store reversed its fee
          </Button>
          <ConfirmDialog
            open={confirmFee}
            onOpenChange={setConfirmFee}
            title="Reverse the store's fee?"
            description="The fee's line is matched by its reversal in this month's statement. This cannot be undone."
            confirmLabel="Reverse Fee"
            pending={fee.isPending}
            onConfirm={async () => {
              try {
                await fee.mutateAsync(undefined);
                toast({ title: "Fee reversed", description: "It appears on this month's statement." });
              } catch (err) {
                toast({
                  title: "Could not reverse the fee",
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
            toast({ title: "Decision recorded", description: "The artist has been told." });
          }}
        />
      )}
    </div>
  );
}
