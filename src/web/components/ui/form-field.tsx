import type { ReactNode } from "react";
import { cn } from "#web/lib/cn";
import { FieldError, fieldErrorProps } from "./field-error";
import { Label } from "./label";

/** What a field's control carries so that its label, hint and error are read with it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * One form field: a visible label, the control, an optional hint, and the field's error beside it
 * (the control says aria-invalid and is described by the error and the hint). Forms focus the first
 * field in error with `focusFirstError` (lib/field-errors).
 */
export function FormField({
  id,
  label,
  hint,
  error,
  announce = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Also announce the error as it appears (role="alert"), for forms whose only feedback it is. */
  announce?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("grid gap-1", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, ...fieldErrorProps(`${id}-error`, error, hintId) })}
      <FieldError id={`${id}-error`} message={error} announce={announce} />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
