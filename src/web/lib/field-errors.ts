import { useState } from "react";
import type { ZodError } from "zod";
import { fieldErrorProps } from "#web/components/ui/field-error";

/**
 * A form's validation messages by field: the first message for each top-level field the schema
 * complains about, to show beside that field (FieldError) rather than only in a toast.
 */
export function fieldErrorsOf<K extends string>(error: ZodError, fields: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "") as K;
    if (fields.includes(key)) out[key] ??= issue.message;
  }
  return out;
}

/** Focuses the first field, in the form's order, that has a message. */
export function focusFirstError<K extends string>(
  errors: Partial<Record<K, string>>,
  order: readonly K[],
  idOf: (field: K) => string,
) {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}

/**
 * A form's messages beside its fields: `show` places a failed parse's messages (one about the whole
 * form, such as "all fields are required", beside the first field left empty) and focuses the first;
 * `props` and `errorId` wire a field to its message.
 */
export function useFieldErrors<K extends string>(fields: readonly K[], idOf: (field: K) => string) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  return {
    errors,
    clear: () => setErrors({}),
    show(error: ZodError, values: Partial<Record<K, unknown>>, wholeForm?: string) {
      const found = fieldErrorsOf(error, fields);
      const message = error.issues[0]?.message;
      const empty = fields.find((field) => !String(values[field] ?? "").trim());
      if (empty && message && (message === wholeForm || !Object.keys(found).length)) {
        for (const field of fields) delete found[field];
        found[empty] = message;
      }
      setErrors(found);
      focusFirstError(found, fields, idOf);
    },
    /** A message the server gave about one field (an address it refused), beside that field, focused. */
    set(field: K, message: string) {
      setErrors({ [field]: message } as Partial<Record<K, string>>);
      document.getElementById(idOf(field))?.focus();
    },
    errorId: (field: K) => `${idOf(field)}-error`,
    /** The field's aria attributes; `hintId` keeps a hint it already had among its descriptions. */
    props: (field: K, hintId?: string) => fieldErrorProps(`${idOf(field)}-error`, errors[field], hintId),
  };
}
