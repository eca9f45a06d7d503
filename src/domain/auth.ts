import { z } from "zod";
import { labelsAt, type MessageId, t } from "./i18n";
import { MESSAGES } from "./messages";

/** Minimum password length for registration and admin-created users (product §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Minimum length when an artist changes their password (product §9). */
export const CHANGE_PASSWORD_MIN_LENGTH = 8;

const text = z.string().trim();

/**
 * Registration, checked in the spec's order (§5): all fields, then match, then length.
 * The first failing rule is the one message shown.
 */
export const registerSchema = z
  .object({
    name: text.max(120),
    email: text.max(254),
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, ctx) => {
    if (!value.name || !value.email || !value.password || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.fillAllFields, path: [] });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.passwordsDoNotMatch, path: ["confirmPassword"] });
      return;
    }
    if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.passwordTooShort, path: ["password"] });
      return;
    }
    if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.invalidEmail, path: ["email"] });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z
  .object({
    email: text.max(254),
    password: z.string().max(128),
    rememberMe: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) {
      ctx.addIssue({ code: "custom", message: MESSAGES.login.bothRequired, path: [] });
    }
  });
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z.email({ error: () => MESSAGES.forgotPassword.invalidEmail }),
});

export const resetPasswordSchema = z
  .object({
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.fillAllFields, path: [] });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.passwordsDoNotMatch, path: ["confirmPassword"] });
      return;
    }
    if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: MESSAGES.register.passwordTooShort, path: ["password"] });
    }
  });

/** The first message of a failed parse, so a form shows one error at a time in spec order. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? t("auth.invalidInput");
}

/** Minutes after signing in during which money-moving changes need no password again. */
export const STEP_UP_AFTER_MINUTES = 10;

export const AUTH_STEP_UP_MESSAGES = labelsAt("stepUp", [
  "passwordNeeded",
  "wrongPassword",
  "label",
  "title",
  "continue",
]);

/**
 * The auth library's error codes whose message we say in the reader's language (issue 39); its other
 * messages pass through as it wrote them.
 */
export const AUTH_ERROR_MESSAGES: Partial<Record<string, MessageId>> = {
  INVALID_EMAIL_OR_PASSWORD: "login.invalidCredentials",
  BANNED_USER: "login.suspended",
};
