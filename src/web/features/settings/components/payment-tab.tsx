import { useForm, useWatch } from "react-hook-form";
import { firstIssueMessage } from "#domain/auth";
import {
  PAYOUT_METHOD_LABELS,
  type PayoutAccountInput,
  payoutAccountSchema,
  SETTINGS_MESSAGES,
  TAX_FORM_LABELS,
} from "#domain/settings";
import { Button } from "#web/components/ui/button";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { type PayoutAccount, usePayoutAccount } from "#web/features/settings/api/get-payout-account";
import { useSavePayoutAccount } from "#web/features/settings/api/save-payout-account";

type FormValues = Omit<Required<PayoutAccountInput>, "taxForm"> & { taxForm: "" | "w9" | "w8ben" | "w8bene" };

function PaymentForm({ account }: { account: PayoutAccount | null }) {
  const save = useSavePayoutAccount();
  const form = useForm<FormValues>({
    defaultValues: {
      method: account?.method ?? "bankTransfer",
      accountName: account?.accountName ?? "",
      accountNumber: "",
      routingNumber: account?.routingNumber ?? "",
      bankName: account?.bankName ?? "",
      paypalEmail: account?.paypalEmail ?? "",
      taxForm: account?.taxForm ?? "",
    },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = payoutAccountSchema.safeParse({ ...values, taxForm: values.taxForm || null });
    if (!parsed.success) {
      toast({
        title: SETTINGS_MESSAGES.failedTitle,
        description: firstIssueMessage(parsed.error),
        variant: "destructive",
      });
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      form.setValue("accountNumber", "");
      toast({ title: SETTINGS_MESSAGES.paymentUpdatedTitle, description: SETTINGS_MESSAGES.paymentUpdated });
    } catch (err) {
      toast({ title: SETTINGS_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Payment method</legend>
        <div className="flex flex-wrap gap-4">
          {(["bankTransfer", "paypal"] as const).map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" value={m} {...form.register("method")} className="h-4 w-4 accent-[var(--primary)]" />
              {PAYOUT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      {method === "bankTransfer" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="pay-account-name">Account holder name</Label>
            <Input id="pay-account-name" autoComplete="name" {...form.register("accountName")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-account-number">Account number</Label>
            <Input
              id="pay-account-number"
              inputMode="numeric"
              autoComplete="off"
              placeholder={account?.accountNumberMasked ? `${account.accountNumberMasked} (leave empty to keep)` : ""}
              aria-describedby="pay-account-number-hint"
              {...form.register("accountNumber")}
            />
            <p id="pay-account-number-hint" className="text-xs text-muted-foreground">
              {account?.accountNumberMasked ? `Saved: ${account.accountNumberMasked}. ` : ""}Stored encrypted; we only
              ever show the last four digits.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-routing">IFSC / routing number</Label>
            <Input id="pay-routing" autoComplete="off" {...form.register("routingNumber")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-bank">Bank name</Label>
            <Input id="pay-bank" {...form.register("bankName")} />
          </div>
        </div>
      ) : (
        <div className="grid gap-2 sm:max-w-md">
          <Label htmlFor="pay-paypal">PayPal e-mail</Label>
          <Input id="pay-paypal" type="email" autoComplete="email" {...form.register("paypalEmail")} />
        </div>
      )}
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor="pay-tax">Tax form</Label>
        <Select id="pay-tax" {...form.register("taxForm")}>
          <option value="">Not provided yet</option>
          {(["w9", "w8ben", "w8bene"] as const).map((t) => (
            <option key={t} value={t}>
              {TAX_FORM_LABELS[t]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
        {form.formState.isSubmitting ? "Saving..." : "Save Payment Details"}
      </Button>
    </form>
  );
}

export function PaymentTab() {
  const account = usePayoutAccount();
  if (account.isPending) return <Skeleton className="h-64" />;
  if (account.isError) return <p role="alert">Could not load your payment details.</p>;
  return <PaymentForm account={account.data} />;
}
