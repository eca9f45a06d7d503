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
import { FieldError } from "#web/components/ui/field-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { type PayoutAccount, usePayoutAccount } from "#web/features/settings/api/get-payout-account";
import { useSavePayoutAccount } from "#web/features/settings/api/save-payout-account";
import { useFieldErrors } from "#web/lib/field-errors";

const PAYMENT_FIELDS = ["accountName", "accountNumber", "routingNumber", "bankName", "paypalEmail", "taxForm"] as const;
const PAYMENT_IDS: Record<(typeof PAYMENT_FIELDS)[number], string> = {
  accountName: "pay-account-name",
  accountNumber: "pay-account-number",
  routingNumber: "pay-routing",
  bankName: "pay-bank",
  paypalEmail: "pay-paypal",
  taxForm: "pay-tax",
};

type FormValues = Omit<Required<PayoutAccountInput>, "taxForm"> & { taxForm: "" | "w9" | "w8ben" | "w8bene" };

function PaymentForm({ account }: { account: PayoutAccount | null }) {
  const save = useSavePayoutAccount();
  const fields = useFieldErrors(PAYMENT_FIELDS, (field) => PAYMENT_IDS[field]);
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
      // Beside the field at fault (focus on it); the toast says it too.
      fields.show(parsed.error, values);
      toast({
        title: SETTINGS_MESSAGES.failedTitle,
        description: firstIssueMessage(parsed.error),
        variant: "destructive",
      });
      return;
    }
    fields.clear();
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
            <Input
              id="pay-account-name"
              {...fields.props("accountName")}
              autoComplete="name"
              {...form.register("accountName")}
            />
            <FieldError id={fields.errorId("accountName")} message={fields.errors.accountName} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-account-number">Account number</Label>
            <Input
              id="pay-account-number"
              {...fields.props("accountNumber", "pay-account-number-hint")}
              inputMode="numeric"
              autoComplete="off"
              placeholder={account?.accountNumberMasked ? `${account.accountNumberMasked} (leave empty to keep)` : ""}
              {...form.register("accountNumber")}
            />
            <FieldError id={fields.errorId("accountNumber")} message={fields.errors.accountNumber} />
            <p id="pay-account-number-hint" className="text-xs text-muted-foreground">
              {account?.accountNumberMasked ? `Saved: ${account.accountNumberMasked}. ` : ""}Stored encrypted; we only
              ever show the last four digits.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-routing">IFSC / routing number</Label>
            <Input
              id="pay-routing"
              {...fields.props("routingNumber")}
              autoComplete="off"
              {...form.register("routingNumber")}
            />
            <FieldError id={fields.errorId("routingNumber")} message={fields.errors.routingNumber} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="pay-bank">Bank name</Label>
            <Input id="pay-bank" {...fields.props("bankName")} {...form.register("bankName")} />
            <FieldError id={fields.errorId("bankName")} message={fields.errors.bankName} />
          </div>
        </div>
      ) : (
        <div className="grid gap-2 sm:max-w-md">
          <Label htmlFor="pay-paypal">PayPal e-mail</Label>
          <Input
            id="pay-paypal"
            {...fields.props("paypalEmail")}
            type="email"
            autoComplete="email"
            {...form.register("paypalEmail")}
          />
          <FieldError id={fields.errorId("paypalEmail")} message={fields.errors.paypalEmail} />
        </div>
      )}
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor="pay-tax">Tax form</Label>
        <Select id="pay-tax" {...fields.props("taxForm")} {...form.register("taxForm")}>
          <option value="">Not provided yet</option>
          {(["w9", "w8ben", "w8bene"] as const).map((t) => (
            <option key={t} value={t}>
              {TAX_FORM_LABELS[t]}
            </option>
          ))}
        </Select>
        <FieldError id={fields.errorId("taxForm")} message={fields.errors.taxForm} />
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
