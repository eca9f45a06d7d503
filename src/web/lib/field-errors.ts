import type { ZodError } from "zod";

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
