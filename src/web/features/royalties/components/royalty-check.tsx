import { formatInr } from "#domain/money";
import { RECONCILIATION_MESSAGES } from "#domain/royalties";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useRoyaltyReconciliation } from "#web/features/royalties/api/check-royalties";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/** The royalty reconciliation: every ledger row traced back to report rows of an entitled release. */
export function RoyaltyCheck() {
  const t = useT();
  const check = useRoyaltyReconciliation();
  const result = check.data;
  return (
    <section aria-labelledby="reconciliation-heading" className="grid gap-3">
      <h2 id="reconciliation-heading" className="text-lg font-semibold">
        {t("recon.title")}
      </h2>
      <Card>
        <p className="text-sm text-muted-foreground">{t("recon.intro")}</p>
        <Button className="mt-3" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? t("recon.checking") : t("recon.check")}
        </Button>
        {check.error && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {check.error.message}
          </p>
        )}
        {result && (
          <div role="status" className="mt-3 grid gap-2 text-sm">
            <p className="font-medium">
              {result.ok ? RECONCILIATION_MESSAGES.ok : t("recon.findings", { count: result.findings.length })}
            </p>
            <p className="text-muted-foreground">
              {t("recon.summary", {
                rows: result.ledgerRows,
                gross: formatInr(result.ledgerGrossPaise),
                traced: formatInr(result.tracedGrossPaise),
                at: formatDateTime(result.checkedAt),
              })}
            </p>
            {result.findings.length > 0 && (
              <ul aria-label={t("recon.list")} className="grid max-h-80 gap-1 overflow-y-auto">
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
