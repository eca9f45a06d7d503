import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { firstIssueMessage, type RegisterInput, registerSchema } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FieldError, fieldErrorProps } from "#web/components/ui/field-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { usePublicConfig } from "#web/features/auth/api/get-config";
import { useSignUp } from "#web/features/auth/api/sign-up";
import { loginReturningTo, useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
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
  const navigate = useNavigate();
  const { plan, next: returnTo } = useAfterSignIn();
  const signUp = useSignUp();
  const config = usePublicConfig();
  const [error, setError] = useState<{ field: RegisterField; message: string } | null>(null);
  const hydrated = useHydrated();
  // Registering from a split invite fills in the address it was sent to (carried in the link).
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

  const errorProps = (field: RegisterField) =>
    fieldErrorProps(`${FIELD_IDS[field]}-error`, error?.field === field ? error.message : null);
  const fieldError = (field: RegisterField) => (
    <FieldError id={`${FIELD_IDS[field]}-error`} message={error?.field === field ? error.message : null} announce />
  );
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Disabled until the prerendered page is live (see useHydrated). */}
      <fieldset disabled={!hydrated} className="contents">
        <div className="grid gap-2">
          <Label htmlFor="name">Full Name / Artist Name</Label>
          <Input id="name" autoComplete="name" required {...errorProps("name")} {...form.register("name")} />
          {fieldError("name")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="email">Email Address</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            {...errorProps("email")}
            {...form.register("email")}
          />
          {fieldError("email")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            required
            {...errorProps("password")}
            {...form.register("password")}
          />
          {fieldError("password")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirm-password">Confirm Password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            {...errorProps("confirmPassword")}
            {...form.register("confirmPassword")}
          />
          {fieldError("confirmPassword")}
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? MESSAGES.register.submitting : MESSAGES.register.submit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link
            to={returnTo ? loginReturningTo(returnTo) : paths.login}
            className="text-primary underline underline-offset-2"
          >
            Sign in
          </Link>
        </p>
      </fieldset>
    </form>
  );
}

/** The address a split invite link (`/app/invite/<token>?email=…`) was sent to, or "". */
function invitedAddress(next: string | null): string {
  if (!next?.startsWith("/app/invite/")) return "";
  const email = new URLSearchParams(next.split("?")[1] ?? "").get("email") ?? "";
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : "";
}
