import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { firstIssueMessage, type RegisterInput, registerSchema } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { usePublicConfig } from "#web/features/auth/api/get-config";
import { useSignUp } from "#web/features/auth/api/sign-up";
import { useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
import { useHydrated } from "#web/lib/use-hydrated";

export function RegisterForm() {
  const navigate = useNavigate();
  const { plan } = useAfterSignIn();
  const signUp = useSignUp();
  const config = usePublicConfig();
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const form = useForm<RegisterInput>({ defaultValues: { name: "", email: "", password: "", confirmPassword: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
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
      // On to /login (the spec's flow), with the e-mail filled in there and the chosen plan carried on.
      const next = new URLSearchParams({ email, ...(plan ? { plan } : {}) });
      navigate(`${paths.login}?${next}`);
    } catch (err) {
      toast({ title: MESSAGES.register.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Disabled until the prerendered page is live (see useHydrated). */}
      <fieldset disabled={!hydrated} className="contents">
        <div className="grid gap-2">
          <Label htmlFor="name">Full Name / Artist Name</Label>
          <Input id="name" autoComplete="name" required {...form.register("name")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="email">Email Address</Label>
          <Input id="email" type="email" autoComplete="email" required {...form.register("email")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input id="password" type="password" autoComplete="new-password" required {...form.register("password")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirm-password">Confirm Password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
          />
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={submitting}>
          {submitting ? MESSAGES.register.submitting : MESSAGES.register.submit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link to={paths.login} className="text-primary underline underline-offset-2">
            Sign in
          </Link>
        </p>
      </fieldset>
    </form>
  );
}
