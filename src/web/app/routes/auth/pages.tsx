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
      <AuthCard title="Welcome Back" subtitle="Sign in to your Kalrav account">
        <LoginForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}

export function RegisterPage() {
  usePublicPageMeta("/register");
  return (
    <RedirectIfSignedIn>
      <AuthCard title="Create Your Account" subtitle="Start distributing your music worldwide">
        <RegisterForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}

export function ForgotPasswordPage() {
  usePageMeta("Forgot Password", "Reset the password of your Kalrav account.");
  return (
    <AuthCard title="Forgot Password" subtitle="Enter your e-mail and we will send you a link to reset your password.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  usePageMeta("Reset Password", "Choose a new password for your Kalrav account.");
  const [params] = useSearchParams();
  const token = params.get("error") ? null : params.get("token");
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password of at least 6 characters.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
