import { labelsAt, t } from "./i18n";

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
  changePassword: labelsAt("changePassword", [
    "mismatchTitle",
    "mismatch",
    "weakTitle",
    "weak",
    "updatedTitle",
    "updated",
    "failedTitle",
  ]),
  twoFactor: labelsAt("twoFactor", [
    "enabledTitle",
    "enabled",
    "disabledTitle",
    "disabled",
    "codeLabel",
    "invalidCode",
  ]),
  sessions: labelsAt("sessions", ["signedOutTitle", "signedOut"]),
  deleteAccount: labelsAt("deleteAccount", ["title", "warning", "doneTitle", "done"]),
  get rateLimited() {
    return t("rateLimited");
  },
  accountLocked: (seconds: number) => t("accountLocked", { seconds }),
  get passwordRequired() {
    return t("msg.passwordRequired");
  },
  get wrongPassword() {
    return t("msg.wrongPassword");
  },
  get totpReused() {
    return t("msg.totpReused");
  },
  get emailChangeCancelled() {
    return t("msg.emailChangeCancelled");
  },
  get generic() {
    return t("generic");
  },
  get nulCharacter() {
    return t("msg.nulCharacter");
  },
} as const;
