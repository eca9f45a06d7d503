import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { MESSAGES } from "#domain/messages";
import { usePageMeta, usePublicPageMeta } from "#web/components/page-title";
import { toast } from "#web/components/ui/toast";
import { AuthCard } from "#web/features/auth/components/auth-card";
import { ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form";
import { LoginForm } from "#web/features/auth/components/login-form";
import { RegisterForm } from "#web/features/auth/components/register-form";
import { ResetPasswordForm } from "#web/features/auth/components/reset-password-form";
import { useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

/**
 * Signed-in users never see the sign-in or registration screens (product §2). While the session
 * loads the form shows (it arrives prerendered, and most visitors here are signed out); a signed-in
 * user is sent on as soon as the session says so.
 */
function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const { data: user } = useSession();
  // A plan chosen on a plan card goes with them to its checkout.
  const after = useAfterSignIn();
  if (user) return <Navigate to={after.to(user.role)} replace />;
  return children;
}

export function LoginPage() {
  usePublicPageMeta("/login");
  const t = useT();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    // Better Auth sends people back here after the e-mail confirmation link.
    if (params.get("verified") === "1") {
      if (params.get("error")) {
        toast({
          title: MESSAGES.login.failedTitle,
          description: MESSAGES.resetPassword.invalidLink,
          variant: "destructive",
        });
      } else {
        toast({ title: MESSAGES.login.emailVerifiedTitle, description: MESSAGES.login.emailVerifiedDescription });
      }
      setParams({}, { replace: true });
    }
  }, [params, setParams]);
  return (
    <RedirectIfSignedIn>
      <AuthCard title={t("login.heading")} subtitle={t("login.subheading")}>
        <LoginForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}

export function RegisterPage() {
  usePublicPageMeta("/register");
  const t = useT();
  return (
    <RedirectIfSignedIn>
      <AuthCard title={t("register.heading")} subtitle={t("register.subheading")}>
        <RegisterForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}

export function ForgotPasswordPage() {
  const t = useT();
  usePageMeta(t("forgotPassword.heading"), t("forgotPassword.description"));
  return (
    <AuthCard title={t("forgotPassword.heading")} subtitle={t("forgotPassword.subheading")}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const t = useT();
  usePageMeta(t("resetPassword.heading"), t("resetPassword.description"));
  const [params] = useSearchParams();
  const token = params.get("error") ? null : params.get("token");
  return (
    <AuthCard title={t("resetPassword.heading")} subtitle={t("resetPassword.subheading")}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
