import { useState } from "react";
import { formatInr } from "#domain/money";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import { useCompletePayout } from "#web/features/royalties/api/complete-payout";
import type { AdminPayout } from "#web/features/royalties/api/get-payouts";

export function CompletePayout({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
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
