import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { labelsAt } from "#domain/i18n";
import { REPORT_COLUMNS } from "#domain/reports";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useStoreReports } from "#web/features/reports/api/get-reports";
import { useUploadReport } from "#web/features/reports/api/upload-report";
import { ReportErrors } from "#web/features/reports/components/report-errors-dialog";
import { RoyaltyCheck } from "#web/features/royalties/components/royalty-check";
import { formatCount, formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

const TONE = { queued: "neutral", running: "info", completed: "success", failed: "danger" } as const;
/** What each status reads as: the words themselves in English, as before. */
const REPORT_STATUS_LABELS = labelsAt("adminReports.status", ["queued", "running", "completed", "failed"]);

export function StoreReportsPage() {
  const t = useT();
  usePageMeta(t("adminReports.title"));
  const reports = useStoreReports();
  const upload = useUploadReport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError(t("adminReports.chooseFile"));
      fileInput.current?.focus();
      return;
    }
    setFileError(null);
    try {
      await upload.mutateAsync(file);
      toast({ title: t("adminReports.queued"), description: t("adminReports.importing", { file: file.name }) });
      if (fileInput.current) fileInput.current.value = "";
    } catch (err) {
      toast({ title: t("adminReports.uploadFailed"), description: (err as Error).message, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminReports.title")}</h1>
      <Card>
        <h2 className="text-lg font-semibold">{t("adminReports.import")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("adminReports.format", { columns: REPORT_COLUMNS.join(", ") })}
        </p>
        <form onSubmit={send} noValidate className="mt-4 flex flex-wrap items-start gap-3">
          <FormField id="report-file" label={t("adminReports.file")} error={fileError} announce>
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="text-sm"
                onChange={() => setFileError(null)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={upload.isPending} className="mt-6">
            <Upload className="h-4 w-4" aria-hidden />
            {upload.isPending ? t("adminReports.uploading") : t("adminReports.upload")}
          </Button>
        </form>
      </Card>
      <section aria-labelledby="reports-heading" className="grid gap-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          {t("adminReports.imports")}
        </h2>
        <DataTable
          label={t("adminReports.imported")}
          rows={reports.data}
          rowKey={(r) => r.id}
          loading={reports.isPending}
          loadingText={t("adminReports.loading")}
          error={reports.isError ? t("adminReports.loadFailed") : null}
          emptyText={t("adminReports.none")}
          columns={[
            { header: t("importPage.file"), rowHeader: true, cell: (r) => r.fileName },
            { header: t("adminReports.uploaded"), cell: (r) => formatDateTime(r.createdAt) },
            {
              header: t("ui.col.status"),
              cell: (r) => <Badge tone={TONE[r.status]}>{REPORT_STATUS_LABELS[r.status]}</Badge>,
            },
            { header: t("adminReports.rowsRead"), cell: (r) => formatCount(r.processedRows) },
            {
              header: t("importPage.imported"),
              cell: (r) => (r.status === "completed" ? formatCount(r.importedRows) : "—"),
            },
            { header: t("adminReports.refused"), cell: (r) => formatCount(r.errorRows) },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (r) =>
                (r.errorRows > 0 || r.status === "failed") && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setShowing(r.id)}
                    aria-label={t("adminReports.refusedOf", { file: r.fileName })}
                  >
                    {t("timeline.details")}
                  </Button>
                ),
            },
          ]}
        />
      </section>
      <p className="text-sm">
        {t("adminReports.payoutsOn")}{" "}
        <Link className="text-primary underline" to={paths.admin.payouts}>
          {t("admin.nav.payouts")}
        </Link>{" "}
        {t("adminReports.page")}
      </p>
      <RoyaltyCheck />
      {showing && <ReportErrors id={showing} onClose={() => setShowing(null)} />}
    </div>
  );
}
