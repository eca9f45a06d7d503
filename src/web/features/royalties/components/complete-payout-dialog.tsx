import { useState } from "react";
import { formatInr } from "#domain/money";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useCompletePayout } from "#web/features/royalties/api/complete-payout";
import { usePayeeAccount } from "#web/features/royalties/api/get-payee-account";
import type { AdminPayout } from "#web/features/royalties/api/get-payouts";
import { ApiClientError } from "#web/lib/api-client";
import { useT } from "#web/lib/i18n";

export function CompletePayout({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const t = useT();
  const complete = useCompletePayout();
  const [reference, setReference] = useState("");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!reference.trim()) {
      setMissing(t("adminPay.refRequired"));
      document.getElementById("payout-reference")?.focus();
      return;
    }
    setMissing(null);
    if (!password) {
      setPasswordError(t("security.passwordToConfirm"));
      document.getElementById("payout-password")?.focus();
      return;
    }
    setPasswordError(null);
    try {
      await complete.mutateAsync({ id: payout.id, reference: reference.trim(), password });
      toast({
        title: t("adminPay.completed"),
        description: t("adminPay.amountTo", { amount: formatInr(payout.amountPaise), name: payout.userName }),
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "INVALID_PASSWORD") {
        setPasswordError(err.message);
        document.getElementById("payout-password")?.focus();
      } else setError((err as Error).message);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("adminPay.markTitle", { amount: formatInr(payout.amountPaise), name: payout.userName })}>
        <PayeeAccountDetails payoutId={payout.id} />
        <form onSubmit={submit} noValidate className="grid gap-3">
          <FormField id="payout-reference" label={t("adminPay.reference2")} error={missing} announce>
            {(control) => (
              <Input {...control} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={120} />
            )}
          </FormField>
          <FormField id="payout-password" label={t("security.yourPassword")} error={passwordError} announce>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormError message={error} />
          <Button type="submit" disabled={complete.isPending}>
            {t("adminPay.markAsPaid")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Where the money goes, in full for the admin paying by hand; the look is recorded in the audit log. */
function PayeeAccountDetails({ payoutId }: { payoutId: string }) {
  const t = useT();
  const account = usePayeeAccount(payoutId);
  if (account.isPending) return <Skeleton className="h-24" />;
  if (account.isError) return <FormError message={account.error.message} />;
  const a = account.data;
  const rows: [string, string | null][] = [
    [t("adminPay.f.payee"), a.legalName],
    ...((a.method === "paypal"
      ? [["PayPal", a.paypalEmail]]
      : a.method === "upi"
        ? [["UPI ID", a.upiId]]
        : a.method === "bank"
          ? [
              [t("adminPay.f.account"), a.accountNumber],
              ["IFSC", a.ifsc],
            ]
          : [
              [t("adminPay.f.account"), a.accountNumber],
              [t("adminPay.f.swift"), a.routingNumber],
              [t("adminPay.f.bank"), a.bankName],
            ]) as [string, string | null][]),
  ];
  return (
    <section aria-labelledby="payee-account-title" className="mb-4 rounded-lg border border-border p-3 text-sm">
      <h3 id="payee-account-title" className="font-semibold">
        {t("adminPay.payTo")}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-mono break-all">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t("adminPay.auditNote")}</p>
    </section>
  );
}
