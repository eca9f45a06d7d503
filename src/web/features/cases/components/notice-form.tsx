import { useState } from "react";
import { noticeSchema } from "#domain/fraud";
import { labelsAt } from "#domain/i18n";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Textarea } from "#web/components/ui/textarea";
import type { AdminCaseDetail, NoticeBody } from "#web/features/cases/api/admin-cases";
import { ApiClientError } from "#web/lib/api-client";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const FIELDS = ["store", "isrcs", "upc", "periodFrom", "periodTo", "reason", "reference", "fee"] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  store: "",
  isrcs: "",
  upc: "",
  periodFrom: "",
  periodTo: "",
  reason: "",
  reference: "",
  fee: "",
};
const LABELS: Readonly<Record<Field, string>> = labelsAt("notice", FIELDS);

/** Records a store's notice; the fields' messages sit beside them, the server's too. */
export function NoticeForm({
  stores,
  pending,
  onRecord,
}: {
  stores: string[];
  pending: boolean;
  onRecord: (body: NoticeBody) => Promise<AdminCaseDetail>;
}) {
  const t = useT();
  const [values, setValues] = useState(EMPTY);
  const [failed, setFailed] = useState<string | null>(null);
  // The server's refusal of one field (an ISRC we do not distribute, an overlapping case), beside it.
  const [refused, setRefused] = useState<{ field: Field; message: string } | null>(null);
  const errorOf = (field: Field) => fields.errors[field] ?? (refused?.field === field ? refused.message : undefined);
  const fields = useFieldErrors(FIELDS, (f) => `notice-${f}`);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailed(null);
    setRefused(null);
    const body = {
      ...values,
      isrcs: values.isrcs.split(/[\s,;]+/).filter(Boolean),
    };
    const parsed = noticeSchema.safeParse(body);
    if (!parsed.success) return fields.show(parsed.error, values);
    fields.clear();
    try {
      await onRecord(body);
      setValues(EMPTY);
    } catch (err) {
      const field = (err instanceof ApiClientError && (err.details as { field?: Field } | undefined)?.field) || null;
      if (field && FIELDS.includes(field)) {
        setRefused({ field, message: (err as Error).message });
        document.getElementById(`notice-${field}`)?.focus();
      } else setFailed((err as Error).message);
    }
  };
  const text = (field: Field, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField id={`notice-${field}`} label={LABELS[field]} error={errorOf(field)}>
      {(control) => <Input {...control} value={values[field]} onChange={set(field)} {...props} />}
    </FormField>
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      {text("store", { list: "notice-stores", autoComplete: "off" })}
      <datalist id="notice-stores">
        {stores.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {text("reference")}
      <FormField id="notice-isrcs" label={LABELS.isrcs} hint={t("notice.isrcsHint")} error={errorOf("isrcs")}>
        {(control) => <Textarea {...control} rows={2} value={values.isrcs} onChange={set("isrcs")} />}
      </FormField>
      {text("upc", { inputMode: "numeric" })}
      {text("periodFrom", { type: "month" })}
      {text("periodTo", { type: "month" })}
      <FormField id="notice-reason" label={LABELS.reason} error={errorOf("reason")} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} value={values.reason} onChange={set("reason")} />}
      </FormField>
      {text("fee", { inputMode: "decimal" })}
      <div className="sm:col-span-2">
        <FormError message={failed} />
        <Button type="submit" disabled={pending}>
          {pending ? t("notice.recording") : t("notice.record")}
        </Button>
      </div>
    </form>
  );
}
