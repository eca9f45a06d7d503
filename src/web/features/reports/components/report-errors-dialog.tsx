import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { useStoreReport } from "#web/features/reports/api/get-report";
import { formatCount } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export function ReportErrors({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const report = useStoreReport(id);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t("adminReports.refusedOf", { file: report.data?.fileName ?? t("adminReports.theReport") })}
        className="max-w-2xl"
      >
        {report.data?.failure && <p role="alert">{report.data.failure}</p>}
        {report.data && report.data.errors.length === 0 && !report.data.failure && (
          <p>{t("adminReports.allImported")}</p>
        )}
        {report.data && report.data.errors.length > 0 && (
          <>
            <p className="mb-2 text-sm text-muted-foreground">
              {t("adminReports.rowsRefused", { count: formatCount(report.data.errorRows) })}
              {report.data.errorRows > report.data.errors.length
                ? t("adminReports.firstListed", { count: report.data.errors.length })
                : ""}
              .
            </p>
            <ul aria-label={t("adminReports.refusedRows")} className="grid max-h-80 gap-1 overflow-y-auto text-sm">
              {report.data.errors.map((e) => (
                <li key={e.line}>
                  <span className="font-mono">{t("adminReports.line", { line: e.line })}</span> {e.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
