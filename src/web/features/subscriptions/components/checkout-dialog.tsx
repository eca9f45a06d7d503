import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { INDIAN_STATES } from "#domain/gst";
import { formatInr } from "#domain/money";
import { type BillingDetails, billingDetailsSchema } from "#domain/payments";
import { PLANS, type PlanId } from "#domain/plans";
import { SUBSCRIPTION_MESSAGES } from "#domain/subscriptions";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useBilling } from "#web/features/subscriptions/api/get-billing";
import { useQuote } from "#web/features/subscriptions/api/get-quote";
import { useStartCheckout } from "#web/features/subscriptions/api/start-checkout";
import { useVerifyCheckout } from "#web/features/subscriptions/api/verify-checkout";
import { openRazorpayCheckout } from "#web/features/subscriptions/lib/razorpay-checkout";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";
import { GstLines } from "./gst-lines";

type FieldErrors = Partial<Record<keyof BillingDetails, string>>;

/**
 * Paying for a plan (or the Introductory Offer for one release): the amount from our catalogue with
 * any upgrade credit and the GST inside it, the invoice's billing details, then the gateway's checkout.
 * `onOpened` gets the checkout's id: the caller waits for its confirmation (?checkout=<id>).
 */
export function CheckoutDialog({
  planId,
  releaseId,
  returnTo,
  onOpenChange,
}: {
  planId: PlanId | null;
  releaseId?: string;
  /** The page to come back to after the test gateway's page. */
  returnTo: string;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const session = useSession();
  const billing = useBilling();
  const start = useStartCheckout();
  const verify = useVerifyCheckout();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ billingName: string; billingState: string; gstin: string }>({
    billingName: "",
    billingState: "",
    gstin: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const quote = useQuote(planId && planId !== "introductory" ? planId : null, form.billingState || undefined);
  const last = billing.data?.lastBilling;
  const userName = session.data?.name ?? "";

  // A new plan starts a fresh form; the last billing details and the name arrive later than the
  // dialog opens, so they only fill fields the person has left empty (never undo a choice).
  useEffect(() => {
    if (!planId) return;
    setErrors({});
    setForm({ billingName: "", billingState: "", gstin: "" });
  }, [planId]);
  useEffect(() => {
    if (!planId) return;
    setForm((f) => ({
      billingName: f.billingName || last?.billingName || userName,
      billingState: f.billingState || last?.billingState || "",
      gstin: f.gstin || last?.gstin || "",
    }));
  }, [planId, last, userName]);

  if (!planId) return null;
  const plan = PLANS[planId];
  const scheduled = quote.data?.kind === "scheduled";
  const amountPaise = planId === "introductory" ? plan.pricePaise : (quote.data?.amountPaise ?? plan.pricePaise);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = billingDetailsSchema.safeParse(form);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof BillingDetails;
        next[key] ??= issue.message;
      }
      setErrors(next);
      const first = (["billingName", "billingState", "gstin"] as const).find((k) => next[k]);
      if (first) document.getElementById(`billing-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const started = await start.mutateAsync({ planId, releaseId, billing: parsed.data });
      if (started.scheduled) {
        toast({ title: SUBSCRIPTION_MESSAGES.downgradeTitle, description: started.scheduled.message });
        onOpenChange(false);
        return;
      }
      const checkout = started.checkout;
      if (!checkout) return;
      if (checkout.gateway === "test") {
        navigate(`/app/checkout/test/${checkout.gatewayRef}?return=${encodeURIComponent(returnTo)}`);
        return;
      }
      const result = await openRazorpayCheckout({
        keyId: started.keyId ?? "",
        checkoutId: checkout.id,
        kind: checkout.purpose === "plan" ? "subscription" : "order",
        ref: checkout.gatewayRef,
        description: plan.name,
        prefill: { name: parsed.data.billingName, email: session.data?.email },
      });
      await verify.mutateAsync({
        id: checkout.id,
        paymentId: result.razorpay_payment_id,
        signature: result.razorpay_signature,
      });
      onOpenChange(false);
      const sep = returnTo.includes("?") ? "&" : "?";
      navigate(`${returnTo}${sep}checkout=${checkout.id}`, { replace: true });
    } catch (err) {
      toast({ title: SUBSCRIPTION_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  };

  const busy = start.isPending || verify.isPending;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={
          planId === "introductory"
            ? t("checkout.payRelease", { plan: plan.name })
            : t("checkout.title", { plan: plan.name })
        }
        description={scheduled ? t("checkout.downgradeNote") : t("checkout.note")}
        className="max-w-lg"
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          {scheduled && quote.data ? (
            <p className="text-sm">
              {t("checkout.moveOn", { plan: plan.name, date: formatDate(quote.data.effectiveOn) })}
            </p>
          ) : (
            <section
              aria-label={t("checkout.amount")}
              className="grid gap-1 rounded-lg border border-border p-3 text-sm"
            >
              <p className="flex justify-between">
                <span>{plan.name}</span>
                <span>{formatInr(plan.pricePaise, { decimals: true })}</span>
              </p>
              {quote.data && quote.data.creditPaise > 0 && (
                <p className="flex justify-between text-muted-foreground">
                  <span>{t("checkout.credit")}</span>
                  <span>−{formatInr(quote.data.creditPaise, { decimals: true })}</span>
                </p>
              )}
              <p className="flex justify-between text-base font-semibold">
                <span>{t("checkout.today")}</span>
                <span>{formatInr(amountPaise, { decimals: true })}</span>
              </p>
              {quote.data?.gst && <GstLines gst={quote.data.gst} />}
            </section>
          )}
          {!scheduled && (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{t("checkout.billing")}</legend>
              <FormField id="billing-billingName" label={t("checkout.name")} error={errors.billingName}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.billingName}
                    maxLength={200}
                    autoComplete="name"
                    onChange={(e) => setForm({ ...form, billingName: e.target.value })}
                  />
                )}
              </FormField>
              <FormField id="billing-billingState" label={t("checkout.state")} error={errors.billingState}>
                {(control) => (
                  <Select
                    {...control}
                    value={form.billingState}
                    onChange={(e) => setForm({ ...form, billingState: e.target.value })}
                  >
                    <option value="">{t("checkout.chooseState")}</option>
                    {INDIAN_STATES.map((s) => (
                      <option key={s.code} value={s.name}>
                        {s.name}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField id="billing-gstin" label={t("checkout.gstin")} error={errors.gstin}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.gstin}
                    maxLength={15}
                    autoCapitalize="characters"
                    onChange={(e) => setForm({ ...form, gstin: e.target.value })}
                  />
                )}
              </FormField>
            </fieldset>
          )}
          <Button type="submit" disabled={busy}>
            {busy
              ? SUBSCRIPTION_MESSAGES.processing
              : scheduled
                ? t("checkout.schedule")
                : t("checkout.pay", { amount: formatInr(amountPaise, { decimals: true }) })}
          </Button>
          {billing.data?.gateway === "test" && (
            <p className="text-xs text-muted-foreground">{t("checkout.testGateway")}</p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
