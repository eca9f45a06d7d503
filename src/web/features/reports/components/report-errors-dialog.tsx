import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { useStoreReport } from "#web/features/reports/api/get-report";
import { formatCount } from "#web/lib/format";

export function ReportErrors({ id, onClose }: { id: string; onClose: () => void }) {
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
