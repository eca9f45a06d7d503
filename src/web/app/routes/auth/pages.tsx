import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { MESSAGES } from "#domain/messages";
import { usePageMeta } from "#web/components/page-title";
import { FullPageSpinner } from "#web/components/spinner";
import { toast } from "#web/components/ui/toast";
import { AuthCard } from "#web/features/auth/components/auth-card";
import { ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form";
import { LoginForm } from "#web/features/auth/components/login-form";
import { RegisterForm } from "#web/features/auth/components/register-form";
import { ResetPasswordForm } from "#web/features/auth/components/reset-password-form";
import { useAfterSignIn } from "#web/features/auth/lib/chosen-plan";
import { useSession } from "#web/lib/session";

/** Signed-in users never see the sign-in or registration screens (product §2). */
function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const { data: user, isPending } = useSession();
  // A plan chosen on a plan card goes with them to its checkout.
  const after = useAfterSignIn();
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to={after.to(user.role)} replace />;
  return children;
}

export function LoginPage() {
  usePageMeta("Sign In", "Sign in to your Kalrav account.");
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
  usePageMeta("Create Account", "Create your Kalrav artist account and start distributing your music.");
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
