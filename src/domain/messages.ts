/** Every user-facing text the spec fixes (§4, §5, §8), kept once for server and web. */
export const MESSAGES = {
  login: {
    bothRequired: "Please enter both email and password",
    successTitle: "Login Successful",
    successDescription: (email: string) => `Welcome back, ${email}!`,
    failedTitle: "Login Failed",
    submitting: "Signing In...",
    submit: "Sign In",
    emailNotVerified: "Please confirm your e-mail address before signing in.",
    resendVerification: "Resend confirmation e-mail",
    verificationSentTitle: "Confirmation e-mail sent",
    verificationSentDescription: "Check your inbox for a new confirmation link.",
    emailVerifiedTitle: "E-mail confirmed",
    emailVerifiedDescription: "Your e-mail address is confirmed. You can now sign in.",
    passwordResetTitle: "Password updated",
    passwordResetDescription: "Your password has been reset. Sign in with your new password.",
  },
  register: {
    fillAllFields: "Please fill in all fields",
    passwordsDoNotMatch: "Passwords do not match",
    passwordTooShort: "Password must be at least 6 characters",
    invalidEmail: "Please enter a valid email address",
    submitting: "Creating Account...",
    submit: "Create Account",
    failedTitle: "Registration Failed",
    pendingTitle: "Registration Almost Complete!",
    pendingDescription: (name: string) =>
      `Welcome, ${name}! Please check your email to confirm your account before logging in.`,
    successTitle: "Registration Successful",
    successDescription: (name: string) => `Welcome, ${name}! You can now log in.`,
  },
  logout: {
    successTitle: "Logged Out",
    successDescription: "You have been successfully logged out.",
    failedTitle: "Logout Failed",
  },
  forgotPassword: {
    invalidEmail: "Please enter a valid email address",
    sentTitle: "Check your e-mail",
    sentDescription: (email: string) =>
      `If an account exists for ${email}, we have sent a link to reset your password. The link is valid for one hour.`,
  },
  resetPassword: {
    invalidLink: "This reset link is invalid or has expired. Please request a new one.",
  },
  notFound: {
    title: "Page Not Found",
    back: "Back to Dashboard",
    home: "Back to Home",
  },
  changePassword: {
    mismatchTitle: "Password Mismatch",
    mismatch: "New passwords do not match.",
    weakTitle: "Weak Password",
    weak: "New password must be at least 8 characters.",
    updatedTitle: "Password Updated",
    updated: "Your password has been changed. Other devices were signed out.",
    failedTitle: "Update Failed",
  },
  twoFactor: {
    enabledTitle: "Two-Factor Authentication Enabled",
    enabled: "You will be asked for a code from your authenticator app when you sign in.",
    disabledTitle: "Two-Factor Authentication Disabled",
    disabled: "Signing in now needs only your password.",
    codeLabel: "Authentication code",
    invalidCode: "That code is not valid. Enter the current 6-digit code from your authenticator app.",
  },
  sessions: {
    signedOutTitle: "Signed Out",
    signedOut: "All your other sessions have been signed out.",
  },
  deleteAccount: {
    title: "Delete Account Permanently?",
    warning:
      "This cannot be undone. Your profile, settings, tickets and unreleased music are deleted. Releases that are live are taken down from the stores and kept only for royalty accounting.",
    doneTitle: "Account Deleted",
    done: "Your account and personal data have been deleted.",
  },
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  accountLocked: (seconds: number) =>
    `Too many sign-in attempts for this account. Try again in ${seconds} second${seconds === 1 ? "" : "s"}, or reset your password.`,
  passwordRequired: "Enter your current password to confirm.",
  wrongPassword: "The password is not correct.",
  totpReused: "This code was already used. Wait for the next code from your authenticator app.",
  emailChangeCancelled: "This e-mail change was cancelled from the current address.",
  generic: "Something went wrong. Please try again.",
  nulCharacter: "Text cannot contain the NUL character (\\u0000). Remove it and try again.",
} as const;
