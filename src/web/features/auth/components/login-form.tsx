import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { firstIssueMessage, type LoginInput, loginSchema } from "#domain/auth";
import { CONTACT } from "#domain/business";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useResendVerification } from "#web/features/auth/api/password-reset";
import { useSignIn } from "#web/features/auth/api/sign-in";
import { useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
import { ApiClientError } from "#web/lib/api-client";
import { useT } from "#web/lib/i18n";
import { useHydrated } from "#web/lib/use-hydrated";
import { SecondFactorForm } from "./second-factor-form";

type LoginField = "email" | "password";

export function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const after = useAfterSignIn();
  const signIn = useSignIn();
  const resend = useResendVerification();
  const [error, setError] = useState<string | null>(null);
  // The form's one validation message, beside the field it is about (like registration's).
  const [fieldError, setFieldError] = useState<{ field: LoginField; message: string } | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [suspended, setSuspended] = useState(false);
  const [secondFactorFor, setSecondFactorFor] = useState<string | null>(null);
  // Registration sends people here with their e-mail already filled in.
  const hydrated = useHydrated();
  const form = useForm<LoginInput>({ defaultValues: { email: after.email ?? "", password: "", rememberMe: false } });

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      // "Please enter both…" belongs to the first empty field; focus goes there.
      const path = parsed.error.issues[0]?.path[0];
      const field: LoginField = path === "password" || (path !== "email" && values.email) ? "password" : "email";
      setError(null);
      setFieldError({ field, message: firstIssueMessage(parsed.error) });
      document.getElementById(field)?.focus();
      return;
    }
    setFieldError(null);
    setError(null);
    setUnverifiedEmail(null);
    try {
      const result = await signIn.mutateAsync(parsed.data);
      if (result.kind === "two-factor") {
        setSecondFactorFor(parsed.data.email);
        return;
      }
      toast({ title: MESSAGES.login.successTitle, description: MESSAGES.login.successDescription(parsed.data.email) });
      navigate(after.to(result.user?.role), { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : MESSAGES.generic;
      if (err instanceof ApiClientError && err.code === "EMAIL_NOT_VERIFIED") {
        setUnverifiedEmail(parsed.data.email);
        setError(MESSAGES.login.emailNotVerified);
      }
      // A suspended account can still reach a person: the message carries the way to write to support.
      setSuspended(err instanceof ApiClientError && err.code === "BANNED_USER");
      toast({ title: MESSAGES.login.failedTitle, description: message, variant: "destructive" });
    }
  });

  const resendConfirmation = async () => {
    if (!unverifiedEmail) return;
    try {
      await resend.mutateAsync(unverifiedEmail);
      toast({ title: MESSAGES.login.verificationSentTitle, description: MESSAGES.login.verificationSentDescription });
    } catch (err) {
      toast({ title: MESSAGES.login.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  };

  const messageFor = (field: LoginField) => (fieldError?.field === field ? fieldError.message : null);
  const submitting = form.formState.isSubmitting;
  if (secondFactorFor) {
    return (
      <SecondFactorForm
        onVerified={(user) => {
          toast({
            title: MESSAGES.login.successTitle,
            description: MESSAGES.login.successDescription(secondFactorFor),
          });
          navigate(after.to(user?.role), { replace: true });
        }}
        onBack={() => setSecondFactorFor(null)}
      />
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Disabled until the prerendered page is live (see useHydrated). */}
      <fieldset disabled={!hydrated} className="contents">
        <FormField id="email" label={t("login.email")} error={messageFor("email")} announce>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              required
              placeholder={t("login.emailPlaceholder")}
              {...form.register("email")}
            />
          )}
        </FormField>
        <FormField id="password" label={t("login.password")} error={messageFor("password")} announce>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              {...form.register("password")}
            />
          )}
        </FormField>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="rememberMe"
              render={({ field }) => (
                <Checkbox id="remember-me" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              )}
            />
            <Label htmlFor="remember-me">{t("login.rememberMe")}</Label>
          </div>
          <Link to={paths.forgotPassword} className="text-sm text-primary underline underline-offset-2">
            {t("login.forgot")}
          </Link>
        </div>
        <FormError message={error} />
        {suspended && (
          <p className="text-sm">
            {MESSAGES.login.suspended}{" "}
            <a
              href={`mailto:${CONTACT.supportEmail}?subject=${encodeURIComponent("Suspended account")}`}
              className="font-medium text-primary underline underline-offset-2"
            >
              {MESSAGES.login.suspendedContact} ({CONTACT.supportEmail})
            </a>
          </p>
        )}
        {unverifiedEmail && (
          <Button type="button" variant="outline" onClick={resendConfirmation} disabled={resend.isPending}>
            {MESSAGES.login.resendVerification}
          </Button>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? MESSAGES.login.submitting : MESSAGES.login.submit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t("login.noAccount")}{" "}
          <Link to={registerCarrying(after)} className="text-primary underline underline-offset-2">
            {t("login.signUpNow")}
          </Link>
        </p>
      </fieldset>
    </form>
  );
}

/** Registration that keeps what sign-in would have done next: the chosen plan, the page to return to. */
function registerCarrying(after: { plan: string | null; next: string | null }): string {
  const params = new URLSearchParams({
    ...(after.plan ? { plan: after.plan } : {}),
    ...(after.next ? { next: after.next } : {}),
  });
  return params.size ? `${paths.register}?${params}` : paths.register;
}
