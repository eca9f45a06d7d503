import { useState } from "react";
import { formatInr } from "#domain/money";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLAN_IDS, PLANS, type PlanId } from "#domain/plans";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast, toastFailure } from "#web/components/ui/toast";
import { useCreateSubscription } from "#web/features/subscriptions/api/create-subscription";

/** Puts a user, named by e-mail, on a plan. `findUser` looks the address up (the page passes the users feature's). */
export function CreateDialog({
  open,
  onOpenChange,
  findUser,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  findUser: (email: string) => Promise<{ id: string; name: string } | null>;
}) {
  const create = useCreateSubscription();
  const [email, setEmail] = useState("");
  const [planId, setPlanId] = useState<PlanId>("basic_artist");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missingEmail = email.trim() ? null : PAYMENT_MESSAGES.complimentaryEmail;
    const missingReason = reason.trim() ? null : PAYMENT_MESSAGES.complimentaryReason;
    setEmailError(missingEmail);
    setReasonError(missingReason);
    if (missingEmail || missingReason) {
      document.getElementById(missingEmail ? "sub-email" : "sub-reason")?.focus();
      return;
    }
    try {
      const user = await findUser(email.trim());
      if (!user) {
        setEmailError(PAYMENT_MESSAGES.complimentaryNoUser(email.trim()));
        document.getElementById("sub-email")?.focus();
        return;
      }
      await create.mutateAsync({ userId: user.id, planId, reason: reason.trim() });
      toast({
        title: "Subscription created",
        description: `${user.name} is on ${PLANS[planId].name} for a year, complimentary.`,
      });
      setEmail("");
      setReason("");
      onOpenChange(false);
    } catch (err) {
      toastFailure("Action Failed")(err);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create Subscription Plan"
        description="Put a user on a complimentary plan (no payment) for one year from today. Their current record ends, and the reason is shown wherever the plan is."
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="sub-email" label="User e-mail" error={emailError} announce>
            {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </FormField>
          <FormField id="sub-plan" label="Plan">
            {(control) => (
              <Select {...control} value={planId} onChange={(e) => setPlanId(e.target.value as PlanId)}>
                {PLAN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {PLANS[id].name} ({formatInr(PLANS[id].pricePaise)})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="sub-reason" label="Reason (complimentary)" error={reasonError} announce>
            {(control) => (
              <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            Create Subscription
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
