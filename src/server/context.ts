import type { Auth } from "#server/auth/auth";
import type { SessionCache } from "#server/auth/session-cache";
import type { SessionUser } from "#server/auth/session-user";
import type { ReadCache } from "#server/lib/read-cache";

export type { SessionUser };

import type { AccountLimit } from "#server/auth/sign-in-limit";
import type { Database } from "#server/db/client";
import type { JobWorker } from "#server/jobs/queue";
import type { Encryptor } from "#server/lib/encryption";
import type { Logger } from "#server/lib/logger";
import type { Payments } from "#server/lib/payment-gateway";
import type { Payouts } from "#server/lib/payout-provider";
import type { Mailer } from "#server/mail/mailer";
import type { TextMessenger } from "#server/mail/text-messages";
import type { MediaStore } from "#server/media/media-store";

/**
 * What every route can reach, set once per app. Infrastructure only: a capability module that brings
 * dependencies of its own adds them by augmenting this interface from its own folder (as the delivery
 * module does in `modules/delivery/deps.ts`), so nothing here names a module.
 */
export interface AppDeps {
  database: Database;
  auth: Auth;
  /** Recently verified sessions for read requests (cleared by any state-changing request). */
  sessionCache: SessionCache;
  /** Recent answers of the heaviest reads, forgotten when a table they read changes (decision 040). */
  reads: ReadCache;
  mailer: Mailer;
  /** Short texts to mobile numbers (one-time codes); the built-in outbox by default. */
  texts: TextMessenger;
  logger: Logger;
  /** Folder of the built SPA; undefined serves the API only. */
  webRoot?: string;
  trustProxy: boolean;
  /** Encrypts payout account numbers at rest. */
  payoutEncryptor: Encryptor;
  /** Encrypts artists' Spotify Artist Profile Protection keys at rest (issue 35). */
  artistKeyEncryptor: Encryptor;
  /** The address people use, for links in e-mails. */
  publicUrl: string;
  /** Folder for uploaded store reports. */
  reportsDir: string;
  /** Folder for files people upload (avatars). */
  uploadsDir: string;
  /** The benchmark's two baseline routes are mounted. */
  benchRoutes?: boolean;
  /** Origins allowed to make state-changing requests. */
  trustedOrigins: readonly string[];
  /** Runs quality checks, deliveries and store-report imports in the background. */
  jobs: JobWorker;
  /** Checked audio and artwork, stored by content (played back to artists and reviewers). */
  media: MediaStore;
  /** The resumable-upload (tus) endpoint's server (modules/uploads). */
  uploads: { handle(req: Request, userId: string): Promise<Response> };
  /** The payment gateway in use (Razorpay, or the built-in test gateway) and the seller on our invoices. */
  payments: Payments;
  /** The payout provider in use (RazorpayX, or the built-in test provider) and the TDS rules. */
  payouts: Payouts;
  /** Settings the web app needs to know. */
  publicConfig: PublicConfig;
  /** Sign-in attempts per account before it pauses. */
  signInLimit: AccountLimit;
}

export interface PublicConfig {
  requireEmailVerification: boolean;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    logger: Logger;
    requestId: string;
    /** Undefined until looked up; null when signed out. */
    sessionUser: SessionUser | null | undefined;
  };
};
