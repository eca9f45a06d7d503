import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { firstIssueMessage, type RegisterInput, registerSchema } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { usePublicConfig } from "#web/features/auth/api/get-config";
import { useSignUp } from "#web/features/auth/api/sign-up";
import { loginReturningTo, useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
import { useT } from "#web/lib/i18n";
import { useHydrated } from "#web/lib/use-hydrated";

type RegisterField = "name" | "email" | "password" | "confirmPassword";
const REGISTER_FIELDS: RegisterField[] = ["name", "email", "password", "confirmPassword"];
const FIELD_IDS: Record<RegisterField, string> = {
  name: "name",
  email: "email",
  password: "password",
  confirmPassword: "confirm-password",
};

export function RegisterForm() {
  const t = useT();
  const navigate = useNavigate();
  const { plan, next: returnTo } = useAfterSignIn();
  const signUp = useSignUp();
  const config = usePublicConfig();
  const [error, setError] = useState<{ field: RegisterField; message: string } | null>(null);
  const hydrated = useHydrated();
  // Registering from a split or workspace invitation fills in the address it was sent to (carried in the link).
  const invited = invitedAddress(returnTo);
  const form = useForm<RegisterInput>({
    defaultValues: { name: "", email: invited, password: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // "Fill in all fields" belongs to the first field left empty; the others name their field.
      const named = issue?.path[0] as RegisterField | undefined;
      const field = named ?? REGISTER_FIELDS.find((f) => !values[f].trim()) ?? "name";
      setError({ field, message: issue?.message ?? firstIssueMessage(parsed.error) });
      document.getElementById(FIELD_IDS[field])?.focus();
      return;
    }
    setError(null);
    const { name, email, password } = parsed.data;
    try {
      const result = await signUp.mutateAsync({ name, email, password });
      const confirmationPending = (config.data?.requireEmailVerification ?? false) && !result.user.emailVerified;
      toast(
        confirmationPending
          ? { title: MESSAGES.register.pendingTitle, description: MESSAGES.register.pendingDescription(name) }
          : { title: MESSAGES.register.successTitle, description: MESSAGES.register.successDescription(name) },
      );
      // On to /login (the spec's flow), with the e-mail filled in there and the chosen plan (or the page,
      // such as a split invite, that sent them to register) carried on.
      const next = new URLSearchParams({ email, ...(plan ? { plan } : {}), ...(returnTo ? { next: returnTo } : {}) });
      navigate(`${paths.login}?${next}`);
    } catch (err) {
      toast({ title: MESSAGES.register.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  });

  const messageOf = (field: RegisterField) => (error?.field === field ? error.message : null);
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Disabled until the prerendered page is live (see useHydrated). */}
      <fieldset disabled={!hydrated} className="contents">
        <FormField id="name" label={t("register.name")} error={messageOf("name")} announce>
          {(control) => <Input {...control} autoComplete="name" required {...form.register("name")} />}
        </FormField>
        <FormField id="email" label={t("register.email")} error={messageOf("email")} announce>
          {(control) => <Input {...control} type="email" autoComplete="email" required {...form.register("email")} />}
        </FormField>
        <FormField id="password" label={t("register.password")} error={messageOf("password")} announce>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" required {...form.register("password")} />
          )}
        </FormField>
        <FormField
          id="confirm-password"
          label={t("register.confirmPassword")}
          error={messageOf("confirmPassword")}
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
        <Button type="submit" disabled={submitting}>
          {submitting ? MESSAGES.register.submitting : MESSAGES.register.submit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t("register.haveAccount")}{" "}
          <Link
            to={returnTo ? loginReturningTo(returnTo) : paths.login}
            className="text-primary underline underline-offset-2"
          >
            {t("register.signIn")}
          </Link>
        </p>
      </fieldset>
    </form>
  );
}

/** The address a split invite link (`/app/invite/<token>?email=…`) was sent to, or "". */
function invitedAddress(next: string | null): string {
  if (!next?.startsWith("/app/invite/") && !next?.startsWith("/app/join/")) return "";
  const email = new URLSearchParams(next.split("?")[1] ?? "").get("email") ?? "";
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : "";
}
