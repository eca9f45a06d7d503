import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { CHANGE_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/auth";
import { DEFAULT_LOCALE, LOCALES, translate } from "#domain/i18n";
import { MESSAGES } from "#domain/messages";
import { safeSenderName } from "#domain/outbound-text";
import { DEFAULT_ROLE } from "#domain/roles";
import type { Db } from "#server/db/client";
import * as schema from "#server/db/schema";
import type { Logger } from "#server/lib/logger";
import { authRateLimitStorage } from "#server/lib/request-counter";
import type { Mailer } from "#server/mail/mailer";
import { hashPassword, verifyPassword } from "./password";
import { handlerWithRouterBuiltOnce } from "./router-once";
import { userLocale } from "./session-user";

/** The request header carrying the client address we trust; set by our server only. */
export const CLIENT_IP_HEADER = "x-kalrav-client-ip";

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  baseUrl: string;
  requireEmailVerification: boolean;
  signInRateLimit: number;
  trustedOrigins: string[];
}

export function createAuth(opts: AuthOptions) {
  const { db, mailer, logger } = opts;
  const minute = 60;
  const auth = betterAuth({
    appName: "Kalrav",
    baseURL: opts.baseUrl,
    basePath: "/api/auth",
    trustedOrigins: opts.trustedOrigins,
    secret: opts.secret,
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
        twoFactor: schema.twoFactors,
      },
    }),
    user: {
      additionalFields: {
        bio: { type: "string", required: false, input: false },
        website: { type: "string", required: false, input: false },
        instagram: { type: "string", required: false, input: false },
        twitter: { type: "string", required: false, input: false },
        lastSignInAt: { type: "date", required: false, input: false },
        // Chosen at sign-up (the visitor's language, filled in by auth.handler.ts) and in Settings.
        locale: {
          type: "string",
          required: false,
          input: true,
          defaultValue: DEFAULT_LOCALE,
          validator: { input: z.enum(LOCALES) },
        },
      },
      // The new address must be confirmed from its own inbox before it replaces the old one.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // Live releases are taken down but kept (with no owner) for royalty accounting;
        // releases that never went live are personal data and go with the account.
        beforeDelete: async (user) => {
          await db.transaction(async (tx) => {
            await tx
              .update(schema.releases)
              .set({ status: "taken_down" })
              .where(and(eq(schema.releases.userId, user.id), eq(schema.releases.status, "live")));
            await tx
              .delete(schema.releases)
              .where(and(eq(schema.releases.userId, user.id), ne(schema.releases.status, "taken_down")));
          });
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Registration needs 6 characters; a changed password needs 8 (product §9).
        if (ctx.path === "/change-password") {
          const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          if (typeof newPassword === "string" && newPassword.length < CHANGE_PASSWORD_MIN_LENGTH) {
            throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: MESSAGES.changePassword.weak });
          }
        }
      }),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      // The spec sends people to /login after registering, so sign-up never opens a session.
      autoSignIn: false,
      requireEmailVerification: opts.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers the same whether or not the e-mail is taken (no account enumeration);
      // the owner of the address learns of the attempt by mail instead.
      onExistingUserSignUp: async ({ user }) => {
        const locale = userLocale(user);
        await mailer.send({
          to: user.email,
          subject: translate(locale, "email.existing.subject"),
          text: translate(locale, "email.existing.body", {
            name: safeSenderName(user.name, translate(locale, "email.there")),
            login: `${opts.baseUrl}/login`,
            reset: `${opts.baseUrl}/forgot-password`,
          }),
        });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        const locale = userLocale(user);
        await mailer.send({
          to: user.email,
          subject: translate(locale, "email.reset.subject"),
          text: translate(locale, "email.reset.body", {
            name: safeSenderName(user.name, translate(locale, "email.there")),
            url,
          }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: opts.requireEmailVerification,
      sendOnSignIn: opts.requireEmailVerification,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        const locale = userLocale(user);
        await mailer.send({
          to: user.email,
          subject: translate(locale, "email.verify.subject"),
          text: translate(locale, "email.verify.body", {
            name: safeSenderName(user.name, translate(locale, "email.verify.newArtist")),
            url,
          }),
        });
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      // Counted as our own routes' limits are, in one statement (decision 049).
      customStorage: authRateLimitStorage(db),
      window: minute,
      max: 300,
      customRules: {
        "/sign-in/email": { window: minute, max: opts.signInRateLimit },
        "/sign-up/email": { window: minute, max: opts.signInRateLimit },
        "/request-password-reset": { window: minute, max: 5 },
        "/send-verification-email": { window: minute, max: 5 },
        "/reset-password": { window: minute, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    // The last sign-in time is stamped by the database as each session is stored (migration 0083).
    plugins: [
      twoFactor({ issuer: "Kalrav" }),
      admin({
        defaultRole: DEFAULT_ROLE,
        adminRoles: ["admin"],
        bannedUserMessage: MESSAGES.login.suspended,
      }),
    ],
  });
  return Object.assign(auth, { handler: handlerWithRouterBuiltOnce(auth) });
}

export type Auth = ReturnType<typeof createAuth>;
