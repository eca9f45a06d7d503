/**
 * A field's validation message, beside it: the field points at it with aria-describedby and says
 * aria-invalid (see fieldErrorProps), so screen readers read it with the field.
 */
export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string;
  message: string | null | undefined;
  /** Also announce it as it appears (role="alert"), for forms whose only feedback it is. */
  announce?: boolean;
}) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** The attributes a field with this error (and an optional hint) carries. */
export function fieldErrorProps(errorId: string, message: string | null | undefined, hintId?: string) {
  const describedBy = [message ? errorId : null, hintId].filter(Boolean).join(" ");
  return { "aria-invalid": message ? true : undefined, "aria-describedby": describedBy || undefined };
}
