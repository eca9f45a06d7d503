import { useId, useState } from "react";
import {
  KYC_STATUS_LABELS,
  PAYEE_METHOD_LABELS,
  PAYEE_RESIDENCE_LABELS,
  PAYEE_RESIDENCES,
  type PayeeDetailsInput,
  type PayeeMethod,
  type PayeeResidence,
  payeeDetailsSchema,
  TAX_FORM_LABELS,
  TAX_FORMS,
  type TaxForm,
} from "#domain/payouts";
import { SETTINGS_MESSAGES } from "#domain/settings";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { type PayeeDetailsView, usePayeeDetails, useSavePayeeDetails } from "#web/features/royalties/api/splits";
import { ApiClientError } from "#web/lib/api-client";
import { fieldErrorsOf, focusFirstError } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";
import { needsPasswordAgain, usePasswordAgain } from "./password-again";

/** Every field of the form, in the order they appear (the first in error takes the focus). */
const FIELDS = [
  "legalName",
  "pan",
  "method",
  "upiId",
  "accountNumber",
  "ifsc",
  "routingNumber",
  "bankName",
  "paypalEmail",
  "taxForm",
] as const;
type Field = (typeof FIELDS)[number];

interface FormValues {
  residence: PayeeResidence;
  legalName: string;
  pan: string;
  method: PayeeMethod;
  accountNumber: string;
  ifsc: string;
  upiId: string;
  routingNumber: string;
  bankName: string;
  paypalEmail: string;
  taxForm: TaxForm | "";
}

const METHODS_BY_RESIDENCE: Record<PayeeResidence, readonly PayeeMethod[]> = {
  india: ["upi", "bank"],
  abroad: ["bankTransfer", "paypal"],
};

const initialValues = (details: PayeeDetailsView | null): FormValues => ({
  residence: details?.residence ?? "india",
  legalName: details?.legalName ?? "",
  pan: "",
  method: details?.method ?? "upi",
  accountNumber: "",
  ifsc: details?.ifsc ?? "",
  upiId: details?.upiId ?? "",
  routingNumber: details?.routingNumber ?? "",
  bankName: details?.bankName ?? "",
  paypalEmail: details?.paypalEmail ?? "",
  taxForm: details?.taxForm ?? "",
});

/** What is sent: only the chosen residence's fields. */
function toInput(v: FormValues): PayeeDetailsInput {
  if (v.residence === "india") {
    const method = v.method === "bank" ? "bank" : "upi";
    return {
      residence: "india",
      legalName: v.legalName,
      pan: v.pan,
      method,
      accountNumber: v.accountNumber,
      ifsc: v.ifsc,
      upiId: v.upiId,
    };
  }
  return {
    residence: "abroad",
    legalName: v.legalName,
    method: v.method === "paypal" ? "paypal" : "bankTransfer",
    accountNumber: v.accountNumber,
    routingNumber: v.routingNumber,
    bankName: v.bankName,
    paypalEmail: v.paypalEmail,
    taxForm: (v.taxForm || undefined) as TaxForm,
  };
}

/**
 * The one form for where royalties are paid (issue 34). In India: legal name, PAN, and a UPI ID or a
 * bank account + IFSC, checked with the payout provider. Outside India: a bank transfer or PayPal, paid
 * by hand, with the US tax form that applies.
 */
export function PayeeDetailsCard() {
  const t = useT();
  const id = useId();
  const current = usePayeeDetails();
  const save = useSavePayeeDetails();
  const passwordAgain = usePasswordAgain();
  const details = current.data?.details ?? null;
  const [values, setValues] = useState<FormValues | null>(null);
  const form = values ?? initialValues(details);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<FormValues>) => setValues({ ...form, ...patch });
  const fid = (f: Field) => `${id}-${f}`;
  const india = form.residence === "india";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const parsed = payeeDetailsSchema.safeParse(input);
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
          setValues({ ...form, pan: "", accountNumber: "" });
          toast({ title: SETTINGS_MESSAGES.paymentUpdatedTitle, description: saved.message });
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
      // The server's own message for a field (e.g. an account number it needs again) goes beside it.
      const fields =
        err instanceof ApiClientError ? (err.details as { fields?: Partial<Record<Field, string>> })?.fields : null;
      if (fields) setErrors(fields);
      setMessage(err instanceof ApiClientError ? err.message : t("payee.saveFailed"));
    }
  };

  const text = (
    f: Exclude<Field, "method" | "taxForm">,
    label: string,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <FormField id={fid(f)} label={label} error={errors[f]} hint={hint}>
      {(control) => <Input {...control} value={form[f]} onChange={(e) => set({ [f]: e.target.value })} {...extra} />}
    </FormField>
  );
  const radios = <T extends string>(
    name: string,
    legend: string,
    options: readonly T[],
    label: (o: T) => string,
    value: T,
    onChange: (o: T) => void,
  ) => (
    <fieldset className="grid gap-1 sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {options.map((o) => (
          <label key={o} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={`${id}-${name}`}
              value={o}
              checked={value === o}
              onChange={() => onChange(o)}
              className="h-4 w-4 accent-[var(--primary)]"
            />
            {label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  const kept = details?.accountLast4 && details.residence === form.residence && details.method === form.method;

  return (
    <Card>
      {passwordAgain.dialog}
      <section aria-labelledby={`${id}-heading`} className="grid gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("payee.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("payee.intro")}</p>
        {details && (
          <p role="status" className="text-sm">
            {t("payee.saved")} <strong>{PAYEE_RESIDENCE_LABELS[details.residence]}</strong>,{" "}
            {PAYEE_METHOD_LABELS[details.method]}
            {details.status ? (
              <>
                {" "}
                · {t("payee.status")} <strong>{KYC_STATUS_LABELS[details.status]}</strong>
              </>
            ) : details.residence === "india" ? (
              t("payee.notChecked")
            ) : (
              t("payee.byHand")
            )}
            {details.registeredName ? t("payee.registeredTo", { name: details.registeredName }) : ""}
            {details.panLast4 ? t("payee.panEnding", { last4: details.panLast4 }) : ""}
          </p>
        )}
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          {radios(
            "residence",
            t("payee.whereLive"),
            PAYEE_RESIDENCES,
            (r) => PAYEE_RESIDENCE_LABELS[r],
            form.residence,
            (residence) => set({ residence, method: METHODS_BY_RESIDENCE[residence][0] ?? "upi" }),
          )}
          {text("legalName", india ? t("payee.legalNamePan") : t("payee.legalNameHolder"), {
            autoComplete: "name",
          })}
          {india && text("pan", details?.panLast4 ? t("payee.panKeep") : t("payee.pan"), { autoComplete: "off" })}
          {radios(
            "method",
            india ? t("payee.paidTo") : t("payee.paidBy"),
            METHODS_BY_RESIDENCE[form.residence],
            (m) => (m === "upi" ? "UPI" : PAYEE_METHOD_LABELS[m]),
            form.method,
            (method) => set({ method }),
          )}
          {form.method === "upi" && text("upiId", t("payee.upiId"), { autoComplete: "off" })}
          {(form.method === "bank" || form.method === "bankTransfer") &&
            text(
              "accountNumber",
              india ? t("payee.accountNumber") : t("payee.accountOrIban"),
              { inputMode: india ? "numeric" : "text", autoComplete: "off" },
              kept ? t("payee.keptAccount", { last4: details?.accountLast4 ?? "" }) : t("payee.encrypted"),
            )}
          {form.method === "bank" && text("ifsc", t("payee.ifsc"), { autoComplete: "off" })}
          {form.method === "bankTransfer" && (
            <>
              {text("routingNumber", t("payee.swift"), { autoComplete: "off" })}
              {text("bankName", t("payee.bankName"))}
            </>
          )}
          {form.method === "paypal" &&
            text("paypalEmail", t("payee.paypalEmail"), { type: "email", autoComplete: "email" })}
          {!india && (
            <FormField id={fid("taxForm")} label={t("payee.taxFormLabel")} error={errors.taxForm}>
              {(control) => (
                <Select
                  {...control}
                  value={form.taxForm}
                  onChange={(e) => set({ taxForm: e.target.value as TaxForm | "" })}
                >
                  <option value="">{t("form.choose")}</option>
                  {TAX_FORMS.map((form) => (
                    <option key={form} value={form}>
                      {TAX_FORM_LABELS[form]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <div className="sm:col-span-2 grid gap-2">
            <FormError
              message={message && details?.status !== "verified" && details?.status !== "approved" ? message : null}
            />
            <div>
              <Button type="submit" disabled={save.isPending}>
                {india
                  ? save.isPending
                    ? t("payee.checking")
                    : t("payee.saveVerify")
                  : save.isPending
                    ? t("payee.saving")
                    : t("payee.save")}
              </Button>
            </div>
          </div>
        </form>
      </section>
    </Card>
  );
}
