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
import { useT } from "#web/lib/i18n";

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
  const t = useT();
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
        title: t("adminSubs.created"),
        description: t("adminSubs.createdHint", { name: user.name, plan: PLANS[planId].name }),
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
      <DialogContent title={t("adminSubs.create")} description={t("adminSubs.createHint")}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="sub-email" label={t("adminSubs.email")} error={emailError} announce>
            {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </FormField>
          <FormField id="sub-plan" label={t("billing.plan")}>
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
          <FormField id="sub-reason" label={t("adminSubs.compReason")} error={reasonError} announce>
            {(control) => (
              <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {t("adminSubs.createButton")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
