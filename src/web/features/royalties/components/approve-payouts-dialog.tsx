import { formatInr } from "#domain/money";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { toast } from "#web/components/ui/toast";
import type { AdminPayout } from "#web/features/royalties/api/get-payouts";
import { useApprovePayouts } from "#web/features/royalties/api/splits";
import { useT } from "#web/lib/i18n";

/**
 * Money does not move on one click (issue 33): approving sends payouts to the provider at once, so the
 * admin first sees the total, where each one goes (UPI ID or masked account, and the name the
 * provider verified) and the TDS kept back, and confirms.
 */
export function ApprovePayoutsDialog({ payouts, onClose }: { payouts: AdminPayout[]; onClose: () => void }) {
  const t = useT();
  const approve = useApprovePayouts();
  const net = payouts.reduce((sum, p) => sum + p.netPaise, 0);
  const tds = payouts.reduce((sum, p) => sum + p.tdsPaise, 0);
  const count = t("adminPay.count", { count: payouts.length });
  return (
    <ConfirmDialog
      open={payouts.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={t("adminPay.sendQ", {
        amount: formatInr(net, { decimals: true }),
        to: (payouts.length === 1 ? payouts[0]?.userName : count) ?? "",
      })}
      description={t("adminPay.sendHint", { tds: formatInr(tds, { decimals: true }) })}
      confirmLabel={t("adminPay.send", { count })}
      pending={approve.isPending}
      onConfirm={() =>
        approve.mutate(
          payouts.map((p) => p.id),
          {
            onSuccess: (r) => {
              toast({
                title: r.sent.length ? t("adminPay.sent", { count: r.sent.length }) : t("adminPay.nothingSent"),
                description: r.skipped.length
                  ? t("adminPay.notSent", { count: r.skipped.length, reason: r.skipped[0]?.reason ?? "" })
                  : formatInr(net, { decimals: true }),
              });
              onClose();
            },
          },
        )
      }
    >
      <ul aria-label={t("adminPay.where")} className="mt-4 grid max-h-64 gap-2 overflow-y-auto text-sm">
        {payouts.map((p) => (
          <li key={p.id} className="rounded-md border border-border p-2">
            <span className="font-medium">{p.userName}</span>: {formatInr(p.netPaise, { decimals: true })}
            {p.tdsPaise > 0 && (
              <span className="text-muted-foreground">
                {t("adminPay.tdsPart", { amount: formatInr(p.tdsPaise, { decimals: true }) })}
              </span>
            )}
            <span className="block font-mono text-xs">{t("adminPay.to", { destination: p.destination ?? "—" })}</span>
            <span className="block text-xs text-muted-foreground">
              {t("adminPay.bankName", { name: p.registeredName ?? t("adminPay.notVerified") })}
            </span>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
