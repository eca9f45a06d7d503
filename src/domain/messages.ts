import { t } from "./i18n";

/** Every user-facing text the spec fixes (§4, §5, §8), kept once for server and web. */
export const MESSAGES = {
  // These come from the catalogues (decision 042), in the language the reader chose: the getters read
  // the active language each time, so a text is never frozen in English when a module loads.
  login: {
    get bothRequired() {
      return t("login.bothRequired");
    },
    get successTitle() {
      return t("login.successTitle");
    },
    successDescription: (email: string) => t("login.successDescription", { email }),
    get failedTitle() {
      return t("login.failedTitle");
    },
    get submitting() {
      return t("login.submitting");
    },
    get submit() {
      return t("login.submit");
    },
    get emailNotVerified() {
      return t("login.emailNotVerified");
    },
    get suspended() {
      return t("login.suspended");
    },
    get suspendedContact() {
      return t("login.suspendedContact");
    },
    get resendVerification() {
      return t("login.resendVerification");
    },
    get verificationSentTitle() {
      return t("login.verificationSentTitle");
    },
    get verificationSentDescription() {
      return t("login.verificationSentDescription");
    },
    get emailVerifiedTitle() {
      return t("login.emailVerifiedTitle");
    },
    get emailVerifiedDescription() {
      return t("login.emailVerifiedDescription");
    },
    get passwordResetTitle() {
      return t("login.passwordResetTitle");
    },
    get passwordResetDescription() {
      return t("login.passwordResetDescription");
    },
  },
  register: {
    get fillAllFields() {
      return t("register.fillAllFields");
    },
    get passwordsDoNotMatch() {
      return t("register.passwordsDoNotMatch");
    },
    get passwordTooShort() {
      return t("register.passwordTooShort");
    },
    get invalidEmail() {
      return t("register.invalidEmail");
    },
    get submitting() {
      return t("register.submitting");
    },
    get submit() {
      return t("register.submit");
    },
    get failedTitle() {
      return t("register.failedTitle");
    },
    get pendingTitle() {
      return t("register.pendingTitle");
    },
    pendingDescription: (name: string) => t("register.pendingDescription", { name }),
    get successTitle() {
      return t("register.successTitle");
    },
    successDescription: (name: string) => t("register.successDescription", { name }),
  },
  logout: {
    get successTitle() {
      return t("logout.successTitle");
    },
    get successDescription() {
      return t("logout.successDescription");
    },
    get failedTitle() {
      return t("logout.failedTitle");
    },
  },
  forgotPassword: {
    get invalidEmail() {
      return t("forgotPassword.invalidEmail");
    },
    get sentTitle() {
      return t("forgotPassword.sentTitle");
    },
    sentDescription: (email: string) => t("forgotPassword.sentDescription", { email }),
  },
  resetPassword: {
    get invalidLink() {
      return t("resetPassword.invalidLink");
    },
  },
  notFound: {
    get title() {
      return t("notFound.title");
    },
    get back() {
      return t("notFound.back");
    },
    get home() {
      return t("notFound.home");
    },
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
  get rateLimited() {
    return t("rateLimited");
  },
  accountLocked: (seconds: number) => t("accountLocked", { seconds }),
  passwordRequired: "Enter your current password to confirm.",
  wrongPassword: "The password is not correct.",
  totpReused: "This code was already used. Wait for the next code from your authenticator app.",
  emailChangeCancelled: "This e-mail change was cancelled from the current address.",
  get generic() {
    return t("generic");
  },
  nulCharacter: "Text cannot contain the NUL character (\\u0000). Remove it and try again.",
} as const;
