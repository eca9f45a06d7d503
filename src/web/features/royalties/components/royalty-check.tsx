import { formatInr } from "#domain/money";
import { RECONCILIATION_MESSAGES } from "#domain/royalties";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useRoyaltyReconciliation } from "#web/features/royalties/api/check-royalties";
import { formatCount, formatDateTime } from "#web/lib/format";

/** The royalty reconciliation: every ledger row traced back to report rows of an entitled release. */
export function RoyaltyCheck() {
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
