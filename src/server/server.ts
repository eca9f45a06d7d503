import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createAuth } from "#server/auth/auth";
import { type AdminCredentialsResult, ensureFirstAdmin } from "#server/auth/first-admin";
import { createSessionCache } from "#server/auth/session-cache";
import { type Database, openDatabase } from "#server/db/client";
import { createJobWorker, type JobWorker } from "#server/jobs/queue";
import { createEncryptor } from "#server/lib/encryption";
import { prepareCatalogues } from "#server/lib/i18n";
import { createLogger } from "#server/lib/logger";
import { trustedOriginsFor } from "#server/lib/origin-guard";
import type { Payments } from "#server/lib/payment-gateway";
import type { Payouts } from "#server/lib/payout-provider";
import { createReadCache } from "#server/lib/read-cache";
import { rateLimitSchedule } from "#server/lib/request-counter";
import { createServerWithHeaders, staticSecurityHeaders } from "#server/lib/security-headers";
import { createMailer } from "#server/mail/mailer";
import { createTextMessenger } from "#server/mail/text-messages";
import { createMediaStore } from "#server/media/media-store";
import { sweepMedia } from "#server/media/media-usage";
import { parseAllowHosts } from "#server/media/safe-fetch";
import { releaseArtistIdentities } from "#server/modules/artists";
import { catalogueJobs } from "#server/modules/catalogue";
import type { Transport } from "#server/modules/delivery";
import {
  createErnValidator,
  type DeliveryConfig,
  defaultSchemaDir,
  deliveryJobs,
  loadStores,
  type StoreConfig,
  verdictStores,
} from "#server/modules/delivery";
import { fraudJobs } from "#server/modules/fraud";
import { createPayments, paymentSchedule, receiveWebhook, testPaymentsRefusal } from "#server/modules/payments";
import { backfillPanHashes, createPayoutProvider, payoutSchedule, receivePayoutWebhook } from "#server/modules/payouts";
import { loadOrCreateSigner } from "#server/modules/provenance";
import { qualityJobs } from "#server/modules/quality";
import { tellOwnerOfRejection } from "#server/modules/releases";
import { reportJobs } from "#server/modules/reports";
import { royaltySchedule, warnOfRoyaltyAudit } from "#server/modules/royalties";
import { resolversFromEnv, storeLinkSchedule } from "#server/modules/store-links";
import { createPostgresLocker, createUploadServer, type UploadServer } from "#server/modules/uploads";
import { webhookJobs } from "#server/modules/webhooks";
import { createApp } from "./app";
import type { Env } from "./env";
import { loadOrCreateSecret } from "./secret";

export interface RunningServer {
  url: string;
  port: number;
  firstAdmin: AdminCredentialsResult;
  jobs: JobWorker;
  uploads: UploadServer;
  /** The payment gateway in use, and the built-in test gateway when it is the one. */
  payments: Payments;
  payouts: Payouts;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** The media store of DATA_DIR under the fetching limits the environment sets. */
export function mediaStoreFor(env: Env, allowHosts: readonly string[] = parseAllowHosts(env.FETCH_ALLOW_HOSTS)) {
  return createMediaStore(path.join(env.DATA_DIR, "media"), {
    allowHosts,
    maxBytes: env.MEDIA_MAX_MB * 1024 * 1024,
    timeoutMs: env.FETCH_TIMEOUT_SECONDS * 1000,
    deadlineMs: env.FETCH_DEADLINE_SECONDS * 1000,
    minBytesPerSecond: env.FETCH_MIN_RATE_KBPS * 1000,
    rateWindowMs: env.FETCH_RATE_WINDOW_SECONDS * 1000,
  });
}

/** The stores we deliver to, who we are to them, and the pre-send schema check. */
export function deliveryConfigFor(env: Env): DeliveryConfig {
  return {
    stores: loadStores(env.STORES_FILE, env.DATA_DIR),
    sender: { dpid: env.DDEX_SENDER_DPID, name: env.DDEX_SENDER_NAME },
    validator: env.DDEX_VALIDATE ? createErnValidator(env.DDEX_SCHEMA_DIR ?? defaultSchemaDir()) : undefined,
  };
}

export async function startServer(
  env: Env,
  opts: {
    webRoot?: string;
    database?: Database;
    /** Tests replace how files reach a store (to fail or stall an upload on purpose). */
    transport?: (store: StoreConfig) => Transport;
  } = {},
): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  await prepareCatalogues();
  // Money is real or refused: no public production server runs on the built-in test gateway unasked.
  const testMoney =
    !(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) ||
    !(env.RAZORPAYX_KEY_ID && env.RAZORPAYX_KEY_SECRET && env.RAZORPAYX_WEBHOOK_SECRET && env.RAZORPAYX_ACCOUNT_NUMBER);
  const refusal = testMoney ? testPaymentsRefusal(env) : null;
  if (refusal) throw new Error(refusal);
  const database =
    opts.database ??
    (await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "db") }));
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    logger,
  });
  const texts = createTextMessenger({
    outboxDir: path.join(env.DATA_DIR, "sms-outbox"),
    logger,
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.TWILIO_API_URL,
    },
  });
  const trustedOrigins = trustedOriginsFor(env.PUBLIC_URL, env.PORT);
  const secret = loadOrCreateSecret(env.DATA_DIR, env.BETTER_AUTH_SECRET);
  const payoutEncryptor = createEncryptor(secret, "payout-accounts");
  const artistKeyEncryptor = createEncryptor(secret, "artist-protection-keys");
  const auth = createAuth({
    trustedOrigins,
    db: database.db,
    mailer,
    logger,
    secret,
    baseUrl: env.PUBLIC_URL,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
  });
  const firstAdmin = await ensureFirstAdmin(database.db, auth, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    resetPassword: env.ADMIN_RESET_PASSWORD,
  });
  await warnOfRoyaltyAudit(database.db, logger);
  await backfillPanHashes({ db: database.db, encryptor: payoutEncryptor });
  const reportsDir = path.join(env.DATA_DIR, "reports");

  // Private hosts the quality check may fetch from; the CSP lets pages show their images too.
  const mediaAllowHosts = parseAllowHosts(env.FETCH_ALLOW_HOSTS);
  const identifiers = { gs1Prefix: env.GS1_PREFIX, isrcRegistrant: env.ISRC_REGISTRANT };
  // Webhooks go to the same public addresses (and allowed hosts) our other outgoing requests may reach.
  const webhooks = {
    encryptor: createEncryptor(secret, "webhook-secrets"),
    allowHosts: mediaAllowHosts,
    timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
  };
  const media = mediaStoreFor(env, mediaAllowHosts);
  const delivery = {
    ...deliveryConfigFor(env),
    artistIdentities: (releaseId: string) => releaseArtistIdentities(database.db, artistKeyEncryptor, releaseId),
  };
  // Several processes on one PostgreSQL share upload locks there; the embedded database has one process.
  const uploadLocker = database.url ? createPostgresLocker(database.url) : undefined;
  // The heaviest reads' recent answers, forgotten as soon as a table they read changes (decision 040).
  const reads = await createReadCache(database, { maxEntries: env.READ_CACHE_ENTRIES });
  const uploads = createUploadServer({
    locker: uploadLocker,
    db: database.db,
    dataDir: env.DATA_DIR,
    media,
    quotaBytes: env.MEDIA_QUOTA_MB * 1024 * 1024,
    logger,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
  });
  logger.info(
    env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT ?? "aws" }
      : { dir: path.join(env.DATA_DIR, "tus") },
    env.S3_BUCKET
      ? "uploads in progress are kept in the S3 bucket"
      : "uploads in progress are kept on this disk (built-in store)",
  );
  // Each module registers the jobs it owns; the worker runs them.
  const resolvers = resolversFromEnv(env);
  logger.info(
    { resolvers: resolvers.map((r) => r.source) },
    resolvers.length
      ? "store links are looked up on the stores' APIs"
      : "store links: built-in manual entry only (no SPOTIFY_CLIENT_ID or APPLE_LOOKUP set)",
  );
  const deliveryWork = deliveryJobs({
    db: database.db,
    media,
    config: delivery,
    logger,
    transport: opts.transport,
    resolvers,
    pollSeconds: env.DELIVERY_ACK_POLL_SECONDS,
    onRejected: (rejection) =>
      tellOwnerOfRejection({ db: database.db, mailer, logger, publicUrl: env.PUBLIC_URL }, rejection),
  });
  // The test gateway delivers its signed webhooks through the same receiver as Razorpay's.
  const payments: Payments = createPayments(env, {
    appSecret: secret,
    db: database.db,
    send: () => (raw, signature, eventId) =>
      receiveWebhook(
        { db: database.db, payments, mailer, logger, publicUrl: env.PUBLIC_URL },
        { raw, signature, eventId },
      ),
  });
  // The test payout provider calls back through the same receiver as RazorpayX's webhooks.
  const payouts: Payouts = {
    provider: createPayoutProvider(env, {
      appSecret: secret,
      send: () => (raw, signature, eventId) =>
        receivePayoutWebhook(
          { db: database.db, payouts, mailer, logger, publicUrl: env.PUBLIC_URL },
          { raw, signature, eventId },
        ),
    }),
    tds: {
      section: env.TDS_SECTION,
      rateBp: Math.round(env.TDS_RATE_PERCENT * 100),
      noPanRateBp: Math.round(env.TDS_NO_PAN_RATE_PERCENT * 100),
      thresholdPaise: env.TDS_THRESHOLD_RUPEES * 100,
    },
  };
  logger.info(
    { payoutProvider: payouts.provider.name },
    payouts.provider.name === "test"
      ? "payouts: the built-in TEST payout provider (no money moves; set RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_WEBHOOK_SECRET and RAZORPAYX_ACCOUNT_NUMBER for RazorpayX)"
      : "payouts: RazorpayX",
  );
  const jobs = createJobWorker({
    db: database.db,
    logger,
    pollMs: env.JOB_POLL_MS,
    leaseSeconds: env.JOB_LEASE_SECONDS,
    timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
    concurrency: env.JOB_CONCURRENCY,
    onJobDone: () => reads.clear(),
    schedule: [
      ...deliveryWork.schedule,
      {
        kind: "media-sweep",
        everySeconds: 3600,
        run: async () => {
          const swept = await sweepMedia(database.db, media, env.MEDIA_SWEEP_GRACE_HOURS * 3_600_000);
          if (swept.removed.length)
            logger.info({ files: swept.removed.length, bytes: swept.bytes }, "unused media removed");
        },
      },
      ...uploads.schedule,
      ...storeLinkSchedule(database.db),
      ...rateLimitSchedule(database.db),
      ...paymentSchedule({ db: database.db, mailer, logger, publicUrl: env.PUBLIC_URL, payments }),
      ...royaltySchedule({ db: database.db, mailer, logger, publicUrl: env.PUBLIC_URL, encryptor: payoutEncryptor }),
      ...payoutSchedule({
        db: database.db,
        mailer,
        logger,
        publicUrl: env.PUBLIC_URL,
        encryptor: payoutEncryptor,
        payouts: () => payouts,
      }),
    ],
    handlers: {
      ...qualityJobs({
        db: database.db,
        media,
        mailer,
        logger,
        publicUrl: env.PUBLIC_URL,
        quotaBytes: env.MEDIA_QUOTA_MB * 1024 * 1024,
      }),
      ...deliveryWork.handlers,
      ...reportJobs({ database, logger, reportsDir }),
      ...fraudJobs({ db: database.db, mailer, logger, publicUrl: env.PUBLIC_URL }),
      ...webhookJobs({ db: database.db, logger, webhooks }),
      ...catalogueJobs(() => ({
        db: database.db,
        jobs,
        stores: verdictStores(delivery.stores),
        identifiers,
        logger,
      })),
    },
  });
  logger.info(
    { gateway: payments.gateway.name },
    payments.gateway.name === "test"
      ? "payments: the built-in TEST gateway (no money moves; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for Razorpay)"
      : "payments: Razorpay",
  );
  const app = createApp({
    database,
    auth,
    mailer,
    texts,
    logger,
    webRoot: opts.webRoot,
    trustProxy: env.TRUST_PROXY,
    trustedOrigins,
    payoutEncryptor,
    artistKeyEncryptor,
    uploadsDir: path.join(env.DATA_DIR, "uploads"),
    publicUrl: env.PUBLIC_URL,
    reportsDir,
    benchRoutes: env.ENABLE_BENCH_ROUTES,
    sessionCache: createSessionCache(),
    reads,
    jobs,
    delivery,
    uploads,
    media,
    payments,
    payouts,
    identifiers,
    fraud: { deadlineDays: env.FRAUD_CASE_DEADLINE_DAYS },
    webhooks,
    provenance: loadOrCreateSigner(env.DATA_DIR, env.PROVENANCE_KEY),
    publicConfig: { requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION },
    signInLimit: {
      attempts: env.SIGN_IN_ACCOUNT_ATTEMPTS,
      lockSeconds: env.SIGN_IN_LOCK_SECONDS,
      deviceKey: createHmac("sha256", secret).update("known-devices").digest("hex"),
    },
  });

  const withHeaders = createServerWithHeaders(
    await staticSecurityHeaders(mediaAllowHosts, { razorpay: payments.gateway.name === "razorpay" }),
    {
      trustProxy: env.TRUST_PROXY,
    },
  );
  // A port already taken is an error to report (and stop on), not an exception thrown later from a
  // listener: the server never started, so nothing it began may keep running.
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer: withHeaders }, () =>
      resolve(s),
    );
    s.once("error", reject);
  }).catch(async (err: unknown) => {
    await jobs.stop();
    await uploadLocker?.close();
    await reads.close();
    await database.close();
    throw err;
  });
  // Idle keep-alive connections stay open longer than clients keep them (Node closes them after
  // 5 s): a client reusing a connection just as the server closed it got ECONNRESET mid-request.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const port = (server.address() as AddressInfo).port;
  // Work queued before a restart (checks, deliveries, reports) is picked up again.
  jobs.kick();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        // Connections go as soon as they are idle: those answering a request when the server
        // stops close once their response is out, not after the keep-alive timeout.
        const closeIdle = () => {
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        };
        const sweep = setInterval(closeIdle, 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        closeIdle();
      });
      await jobs.stop();
      await uploadLocker?.close();
      await reads.close();
      await database.close();
      logger.info("server stopped");
    })();
    return closing;
  };

  return { url: `http://localhost:${port}`, port, firstAdmin, jobs, uploads, payments, payouts, close };
}
