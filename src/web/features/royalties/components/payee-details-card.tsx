import { useId, useState } from "react";
import { KYC_STATUS_LABELS, type KycInput, kycSchema } from "#domain/payouts";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FieldError, fieldErrorProps } from "#web/components/ui/field-error";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import { usePayeeDetails, useSavePayeeDetails } from "#web/features/royalties/api/splits";
import { ApiClientError } from "#web/lib/api-client";
import { fieldErrorsOf, focusFirstError } from "#web/lib/field-errors";
import { needsPasswordAgain, usePasswordAgain } from "./password-again";

const FIELDS = ["legalName", "pan", "accountNumber", "ifsc", "upiId"] as const;
type Field = (typeof FIELDS)[number];

/** Payee KYC: legal name, PAN, and a bank account + IFSC or a UPI ID, checked with the payout provider. */
export function PayeeDetailsCard() {
  const id = useId();
  const current = usePayeeDetails();
  const save = useSavePayeeDetails();
  const passwordAgain = usePasswordAgain();
  const details = current.data?.details ?? null;
  const [values, setValues] = useState<{
    legalName: string;
    pan: string;
    method: "bank" | "upi";
    accountNumber: string;
    ifsc: string;
    upiId: string;
  } | null>(null);
  const form = values ?? {
    legalName: details?.legalName ?? "",
    pan: "",
    method: details?.method ?? "upi",
    accountNumber: "",
    ifsc: details?.ifsc ?? "",
    upiId: details?.upiId ?? "",
  };
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) => setValues({ ...form, ...patch });
  const fid = (f: Field) => `${id}-${f}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input: KycInput = form;
    const parsed = kycSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error, FIELDS);
      setErrors(found);
      focusFirstError(found, FIELDS, fid);
      return;
    }
    setErrors({});
    try {
      let password: string | undefined;
      for (;;) {
        try {
          const saved = await save.mutateAsync({ ...input, ...(password ? { password } : {}) });
          setMessage(saved.message);
          toast({ title: "Payee details saved", description: saved.message });
          return;
        } catch (err) {
          // An old sign-in: the password again, then the same details (issue 34).
          if (!needsPasswordAgain(err)) throw err;
          const given = await passwordAgain.ask(err.message);
          if (!given) return;
          password = given;
        }
      }
    } catch (err) {
      setMessage(err instanceof ApiClientError ? err.message : "The details could not be saved.");
    }
  };
  const field = (f: Field, label: string, extra: Record<string, unknown> = {}) => (
    <div className="grid gap-1">
      <Label htmlFor={fid(f)}>{label}</Label>
      <Input
        id={fid(f)}
        value={form[f]}
        onChange={(e) => set({ [f]: e.target.value })}
        {...extra}
        {...fieldErrorProps(`${fid(f)}-error`, errors[f])}
      />
      <FieldError id={`${fid(f)}-error`} message={errors[f]} />
    </div>
  );
  return (
    <Card>
      {passwordAgain.dialog}
      <section aria-labelledby={`${id}-heading`} className="grid gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Payee details for Indian payouts
        </h2>
        <p className="text-sm text-muted-foreground">
          We pay royalties by IMPS to a bank account or by UPI. Your PAN is needed for TDS; without it tax is deducted
          at the higher rate.
        </p>
        {details && (
          <p role="status" className="text-sm">
            Status: <strong>{KYC_STATUS_LABELS[details.status]}</strong>
            {details.registeredName ? ` · registered to ${details.registeredName}` : ""}
            {details.panLast4 ? ` · PAN ending ${details.panLast4}` : ""}
          </p>
        )}
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          {field("legalName", "Legal name (as on PAN)", { autoComplete: "name" })}
          {field("pan", details?.panLast4 ? "PAN (leave empty to keep)" : "PAN")}
          <fieldset className="grid gap-1 sm:col-span-2">
            <legend className="text-sm font-medium">Paid to</legend>
            <div className="flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={form.method === "upi"}
                  onChange={() => set({ method: "upi" })}
                />
                UPI
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={form.method === "bank"}
                  onChange={() => set({ method: "bank" })}
                />
                Bank account
              </label>
            </div>
          </fieldset>
          {form.method === "upi" ? (
            field("upiId", "UPI ID")
          ) : (
            <>
              {field(
                "accountNumber",
                details?.accountLast4
                  ? `Account number (ending ${details.accountLast4}; empty keeps it)`
                  : "Account number",
                { inputMode: "numeric" },
              )}
              {field("ifsc", "IFSC")}
            </>
          )}
          <div className="sm:col-span-2 grid gap-2">
            <FormError
              message={message && details?.status !== "verified" && details?.status !== "approved" ? message : null}
            />
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Checking with the bank…" : "Save and verify"}
              </Button>
            </div>
          </div>
        </form>
      </section>
    </Card>
  );
}
