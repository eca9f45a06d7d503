import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { formatInr } from "#domain/money";
import { REPORT_COLUMNS } from "#domain/reports";
import { RECONCILIATION_MESSAGES } from "#domain/royalties";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Table, Td, Th } from "#web/components/ui/table";
import { toast } from "#web/components/ui/toast";
import { useStoreReport } from "#web/features/reports/api/get-report";
import { useStoreReports } from "#web/features/reports/api/get-reports";
import { useUploadReport } from "#web/features/reports/api/upload-report";
import { useRoyaltyReconciliation } from "#web/features/royalties/api/check-royalties";
import { useCompletePayout } from "#web/features/royalties/api/complete-payout";
import { type AdminPayout, useAdminPayouts } from "#web/features/royalties/api/get-payouts";
import { formatCount, formatDateTime } from "#web/lib/format";

const TONE = { queued: "neutral", running: "info", completed: "success", failed: "danger" } as const;

function ReportErrors({ id, onClose }: { id: string; onClose: () => void }) {
  const report = useStoreReport(id);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Refused rows of ${report.data?.fileName ?? "the report"}`} className="max-w-2xl">
        {report.data?.failure && <p role="alert">{report.data.failure}</p>}
        {report.data && report.data.errors.length === 0 && !report.data.failure && <p>Every row was imported.</p>}
        {report.data && report.data.errors.length > 0 && (
          <>
            <p className="mb-2 text-sm text-muted-foreground">
              {formatCount(report.data.errorRows)} rows refused
              {report.data.errorRows > report.data.errors.length
                ? `; the first ${report.data.errors.length} are listed`
                : ""}
              .
            </p>
            <ul aria-label="Refused rows" className="grid max-h-80 gap-1 overflow-y-auto text-sm">
              {report.data.errors.map((e) => (
                <li key={e.line}>
                  <span className="font-mono">Line {e.line}:</span> {e.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CompletePayout({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const complete = useCompletePayout();
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) return setError("Enter the payment reference.");
    try {
      await complete.mutateAsync({ id: payout.id, reference: reference.trim() });
      toast({ title: "Payout completed", description: `${formatInr(payout.amountPaise)} to ${payout.userName}` });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Mark ${formatInr(payout.amountPaise)} to ${payout.userName} as paid`}>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Label htmlFor="payout-reference">Bank or PayPal reference</Label>
          <Input
            id="payout-reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={120}
          />
          <FormError message={error} />
          <Button type="submit" disabled={complete.isPending}>
            Mark as Paid
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The royalty reconciliation: every ledger row traced back to report rows of an entitled release. */
function RoyaltyCheck() {
  const check = useRoyaltyReconciliation();
  const result = check.data;
  return (
    <section aria-labelledby="reconciliation-heading" className="grid gap-3">
      <h2 id="reconciliation-heading" className="text-lg font-semibold">
        Royalty reconciliation
      </h2>
      <Card>
        <p className="text-sm text-muted-foreground">
          Checks that every ledger row adds up, to the paisa, from store report rows of a delivered release its payee
          owns and that holds the UPC or ISRC, and that no payout exceeds earnings. It changes nothing.
        </p>
        <Button className="mt-3" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking..." : "Check royalties"}
        </Button>
        {check.error && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {check.error.message}
          </p>
        )}
        {result && (
          <div role="status" className="mt-3 grid gap-2 text-sm">
            <p className="font-medium">
              {result.ok
                ? RECONCILIATION_MESSAGES.ok
                : `${formatCount(result.findings.length)} finding${result.findings.length === 1 ? "" : "s"} to review.`}
            </p>
            <p className="text-muted-foreground">
              {formatCount(result.ledgerRows)} ledger rows, {formatInr(result.ledgerGrossPaise)} gross; traced{" "}
              {formatInr(result.tracedGrossPaise)}. Checked {formatDateTime(result.checkedAt)}.
            </p>
            {result.findings.length > 0 && (
              <ul aria-label="Reconciliation findings" className="grid max-h-80 gap-1 overflow-y-auto">
                {result.findings.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id and never reorder.
                  <li key={i}>{f.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}

export function StoreReportsPage() {
  usePageMeta("Store Reports");
  const reports = useStoreReports();
  const upload = useUploadReport();
  const payouts = useAdminPayouts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const [paying, setPaying] = useState<AdminPayout | null>(null);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      toast({ title: "Upload Failed", description: "Choose a CSV report first.", variant: "destructive" });
      return;
    }
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
        <form onSubmit={send} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="report-file">Report file (CSV)</Label>
            <input ref={fileInput} id="report-file" type="file" accept=".csv,text/csv" className="text-sm" />
          </div>
          <Button type="submit" disabled={upload.isPending}>
            <Upload className="h-4 w-4" aria-hidden />
            {upload.isPending ? "Uploading..." : "Upload Report"}
          </Button>
        </form>
      </Card>
      <section aria-labelledby="reports-heading" className="grid gap-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Imports
        </h2>
        <Table>
          <thead>
            <tr>
              {["File", "Uploaded", "Status", "Rows read", "Imported", "Refused", ""].map((h) => (
                <Th key={h || "actions"}>{h || <span className="sr-only">Actions</span>}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {reports.data?.length === 0 && (
              <tr>
                <Td colSpan={7}>No reports imported yet.</Td>
              </tr>
            )}
            {reports.data?.map((r) => (
              <tr key={r.id}>
                <Td className="font-medium">{r.fileName}</Td>
                <Td>{formatDateTime(r.createdAt)}</Td>
                <Td>
                  <Badge tone={TONE[r.status]}>{r.status}</Badge>
                </Td>
                <Td>{formatCount(r.processedRows)}</Td>
                <Td>{r.status === "completed" ? formatCount(r.importedRows) : "—"}</Td>
                <Td>{formatCount(r.errorRows)}</Td>
                <Td>
                  {(r.errorRows > 0 || r.status === "failed") && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setShowing(r.id)}
                      aria-label={`Refused rows of ${r.fileName}`}
                    >
                      Details
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <section aria-labelledby="payouts-heading" className="grid gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payout requests
        </h2>
        <Table>
          <thead>
            <tr>
              {["Artist", "Amount", "Method", "Requested", "Status", "Reference", ""].map((h) => (
                <Th key={h || "actions"}>{h || <span className="sr-only">Actions</span>}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {payouts.data?.length === 0 && (
              <tr>
                <Td colSpan={7}>No payout requests.</Td>
              </tr>
            )}
            {payouts.data?.map((p) => (
              <tr key={p.id}>
                <Td>
                  {p.userName}
                  <span className="block text-xs text-muted-foreground">{p.userEmail}</span>
                </Td>
                <Td>{formatInr(p.amountPaise)}</Td>
                <Td>{p.method === "paypal" ? "PayPal" : "Bank Transfer"}</Td>
                <Td>{formatDateTime(p.requestedAt)}</Td>
                <Td>
                  <Badge tone={p.status === "completed" ? "success" : "warning"}>{p.status}</Badge>
                </Td>
                <Td>{p.reference ?? "—"}</Td>
                <Td>
                  {p.status === "pending" && (
                    <Button size="sm" onClick={() => setPaying(p)} aria-label={`Mark payout to ${p.userName} as paid`}>
                      Mark Paid
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <RoyaltyCheck />
      {showing && <ReportErrors id={showing} onClose={() => setShowing(null)} />}
      {paying && <CompletePayout payout={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
