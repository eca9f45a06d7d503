import { formatInr } from "#domain/money";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { toast } from "#web/components/ui/toast";
import type { AdminPayout } from "#web/features/royalties/api/get-payouts";
import { useApprovePayouts } from "#web/features/royalties/api/splits";

/**
 * Money does not move on one click (issue 33): approving sends payouts to the provider at once, so the
 * admin first sees the total, where each one goes (UPI ID or masked account, and the name the
 * provider verified) and the TDS kept back, and confirms.
 */
export function ApprovePayoutsDialog({ payouts, onClose }: { payouts: AdminPayout[]; onClose: () => void }) {
  const approve = useApprovePayouts();
  const net = payouts.reduce((sum, p) => sum + p.netPaise, 0);
  const tds = payouts.reduce((sum, p) => sum + p.tdsPaise, 0);
  const count = `${payouts.length} payout${payouts.length === 1 ? "" : "s"}`;
  return (
    <ConfirmDialog
      open={payouts.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={`Send ${formatInr(net, { decimals: true })} to ${payouts.length === 1 ? payouts[0]?.userName : count}?`}
      description={`The payout provider transfers the money at once; it cannot be called back. TDS kept back: ${formatInr(tds, { decimals: true })}.`}
      confirmLabel={`Send ${count}`}
      pending={approve.isPending}
      onConfirm={() =>
        approve.mutate(
          payouts.map((p) => p.id),
          {
            onSuccess: (r) => {
              toast({
                title: r.sent.length ? `${r.sent.length} sent to the payout provider` : "Nothing sent",
                description: r.skipped.length
                  ? `${r.skipped.length} not sent: ${r.skipped[0]?.reason ?? ""}`
                  : formatInr(net, { decimals: true }),
              });
              onClose();
            },
          },
        )
      }
    >
      <ul aria-label="Where the money goes" className="mt-4 grid max-h-64 gap-2 overflow-y-auto text-sm">
        {payouts.map((p) => (
          <li key={p.id} className="rounded-md border border-border p-2">
            <span className="font-medium">{p.userName}</span>: {formatInr(p.netPaise, { decimals: true })}
            {p.tdsPaise > 0 && (
              <span className="text-muted-foreground"> (TDS {formatInr(p.tdsPaise, { decimals: true })})</span>
            )}
            <span className="block font-mono text-xs">to {p.destination ?? "—"}</span>
            <span className="block text-xs text-muted-foreground">
              Name at the bank: {p.registeredName ?? "not verified"}
            </span>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
