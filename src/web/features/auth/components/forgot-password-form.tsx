import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { forgotPasswordSchema } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { paths } from "#web/config/paths";
import { useRequestPasswordReset } from "#web/features/auth/api/password-reset";
import { useT } from "#web/lib/i18n";

export function ForgotPasswordForm() {
  const t = useT();
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ email: string }>({ defaultValues: { email: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = forgotPasswordSchema.safeParse({ email: values.email.trim() });
    setError(null);
    if (!parsed.success) {
      setInvalid(MESSAGES.forgotPassword.invalidEmail);
      document.getElementById("email")?.focus();
      return;
    }
    setInvalid(null);
    try {
      await request.mutateAsync(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (err) {
      setError((err as Error).message);
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="grid gap-4">
        <h2 className="text-lg font-semibold">{MESSAGES.forgotPassword.sentTitle}</h2>
        <p className="text-sm text-muted-foreground">{MESSAGES.forgotPassword.sentDescription(sentTo)}</p>
        <Link to={paths.login} className="text-sm text-primary underline underline-offset-2">
          {t("forgotPassword.back")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="email" label={t("login.email")} error={invalid} announce>
        {(control) => <Input {...control} type="email" autoComplete="email" required {...form.register("email")} />}
      </FormField>
      <FormError message={error} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t("forgotPassword.sending") : t("forgotPassword.submit")}
      </Button>
      <Link to={paths.login} className="text-center text-sm text-primary underline underline-offset-2">
        {t("forgotPassword.back")}
      </Link>
    </form>
  );
}
