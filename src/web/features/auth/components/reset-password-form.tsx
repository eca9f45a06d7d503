import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { resetPasswordSchema } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useResetPassword } from "#web/features/auth/api/password-reset";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const RESET_FIELDS = ["password", "confirmPassword"] as const;

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(RESET_FIELDS, (field) => (field === "password" ? "password" : "confirm-password"));
  const form = useForm<{ password: string; confirmPassword: string }>({
    defaultValues: { password: "", confirmPassword: "" },
  });

  if (!token) {
    return (
      <div className="grid gap-4">
        <FormError message={MESSAGES.resetPassword.invalidLink} />
        <Link to={paths.forgotPassword} className="text-sm text-primary underline underline-offset-2">
          {t("resetPassword.requestNew")}
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = resetPasswordSchema.safeParse(values);
    setError(null);
    if (!parsed.success) return fields.show(parsed.error, values);
    fields.clear();
    try {
      await reset.mutateAsync({ token, newPassword: parsed.data.password });
      toast({ title: MESSAGES.login.passwordResetTitle, description: MESSAGES.login.passwordResetDescription });
      navigate(paths.login, { replace: true });
    } catch (err) {
      setError(
        (err as Error).message === "Invalid token" ? MESSAGES.resetPassword.invalidLink : (err as Error).message,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="password" label={t("resetPassword.new")} error={fields.errors.password} announce>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" required {...form.register("password")} />
        )}
      </FormField>
      <FormField
        id="confirm-password"
        label={t("resetPassword.confirm")}
        error={fields.errors.confirmPassword}
        announce
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
          />
        )}
      </FormField>
      <FormError message={error} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t("resetPassword.saving") : t("resetPassword.submit")}
      </Button>
    </form>
  );
}
