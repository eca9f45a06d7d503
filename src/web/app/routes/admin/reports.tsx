import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
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

const TONE = { queued: "neutral", running: "info", completed: "success", failed: "danger" } as const;

export function StoreReportsPage() {
  usePageMeta("Store Reports");
  const reports = useStoreReports();
  const upload = useUploadReport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError("Choose a CSV report first.");
      fileInput.current?.focus();
      return;
    }
    setFileError(null);
    try {
      await upload.mutateAsync(file);
      toast({ title: "Report queued", description: `${file.name} is being imported.` });
      if (fileInput.current) fileInput.current.value = "";
    } catch (err) {
      toast({ title: "Upload Failed", description: (err as Error).message, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Store Reports</h1>
      <Card>
        <h2 className="text-lg font-semibold">Import a report</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          A CSV file with a header row and the columns <code className="font-mono">{REPORT_COLUMNS.join(", ")}</code>.
          Dates are YYYY-MM-DD, countries two-letter codes, revenue a decimal in INR. Rows are credited only to a
          release that went to stores and holds the row&apos;s UPC (or ISRC); other rows are refused and listed. A row
          for a day already imported replaces it.
        </p>
        <form onSubmit={send} noValidate className="mt-4 flex flex-wrap items-start gap-3">
          <FormField id="report-file" label="Report file (CSV)" error={fileError} announce>
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
            {upload.isPending ? "Uploading..." : "Upload Report"}
          </Button>
        </form>
      </Card>
      <section aria-labelledby="reports-heading" className="grid gap-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Imports
        </h2>
        <DataTable
          label="Imported reports"
          rows={reports.data}
          rowKey={(r) => r.id}
          loading={reports.isPending}
          loadingText="Loading imports…"
          error={reports.isError ? "Could not load the imports." : null}
          emptyText="No reports imported yet."
          columns={[
            { header: "File", rowHeader: true, cell: (r) => r.fileName },
            { header: "Uploaded", cell: (r) => formatDateTime(r.createdAt) },
            { header: "Status", cell: (r) => <Badge tone={TONE[r.status]}>{r.status}</Badge> },
            { header: "Rows read", cell: (r) => formatCount(r.processedRows) },
            { header: "Imported", cell: (r) => (r.status === "completed" ? formatCount(r.importedRows) : "—") },
            { header: "Refused", cell: (r) => formatCount(r.errorRows) },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (r) =>
                (r.errorRows > 0 || r.status === "failed") && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setShowing(r.id)}
                    aria-label={`Refused rows of ${r.fileName}`}
                  >
                    Details
                  </Button>
                ),
            },
          ]}
        />
      </section>
      <p className="text-sm">
        Payout requests and TDS returns are on the{" "}
        <Link className="text-primary underline" to={paths.admin.payouts}>
          Payouts
        </Link>{" "}
        page.
      </p>
      <RoyaltyCheck />
      {showing && <ReportErrors id={showing} onClose={() => setShowing(null)} />}
    </div>
  );
}
