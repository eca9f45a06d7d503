import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { ensureFirstAdmin, type FirstAdminResult } from "./auth/first-admin";
import { type Database, openDatabase } from "./db/client";
import type { Env } from "./env";
import { createEncryptor } from "./lib/encryption";
import { createLogger } from "./lib/logger";
import { trustedOriginsFor } from "./lib/origin-guard";
import { createMailer } from "./mail/mailer";
import { createReportImporter, requeueInterruptedReports } from "./routes/reports/report-importer";
import { loadOrCreateSecret } from "./secret";

export interface RunningServer {
  url: string;
  port: number;
  firstAdmin: FirstAdminResult;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export async function startServer(
  env: Env,
  opts: { webRoot?: string; database?: Database } = {},
): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
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
  const trustedOrigins = trustedOriginsFor(env.PUBLIC_URL, env.PORT);
  const secret = loadOrCreateSecret(env.DATA_DIR, env.BETTER_AUTH_SECRET);
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
  });
  const reportsDir = path.join(env.DATA_DIR, "reports");
  const reportImporter = createReportImporter({ db: database.db, logger, reportsDir });
  await requeueInterruptedReports(database.db);
  const app = createApp({
    database,
    auth,
    mailer,
    logger,
    webRoot: opts.webRoot,
    trustProxy: env.TRUST_PROXY,
    trustedOrigins,
    payoutEncryptor: createEncryptor(secret, "payout-accounts"),
    uploadsDir: path.join(env.DATA_DIR, "uploads"),
    publicUrl: env.PUBLIC_URL,
    reportsDir,
    reportImporter,
    benchRoutes: env.ENABLE_BENCH_ROUTES,
    publicConfig: { requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION },
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  // Reports queued before a restart are picked up again.
  reportImporter.kick();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      });
      await reportImporter.stop();
      await database.close();
      logger.info("server stopped");
    })();
    return closing;
  };

  return { url: `http://localhost:${port}`, port, firstAdmin, close };
}
