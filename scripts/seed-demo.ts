// npm run seed:demo — demo artists with live releases (music and covers made here, checked, delivered
// and accepted by the built-in stores) and a year of store reports, through the app's own code
// (src/server/demo). Run it while the server is stopped (the embedded database allows one process at a time).
import path from "node:path";
import { createAuth } from "#server/auth/auth";
import { adminCredentialLines, ensureFirstAdmin } from "#server/auth/first-admin";
import { openDatabase } from "#server/db/client";
import { DEMO_ARTISTS, DEMO_PASSWORD, seedDemo } from "#server/demo/seed-demo";
import { loadEnv } from "#server/env";
import { createEncryptor } from "#server/lib/encryption";
import { createLogger } from "#server/lib/logger";
import { createMailer } from "#server/mail/mailer";
import { createPayoutProvider } from "#server/modules/payouts";
import { loadOrCreateSecret } from "#server/secret";
import { deliveryConfigFor, mediaStoreFor } from "#server/server";

async function main() {
  const env = loadEnv();
  const logger = createLogger("warn");
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "db") },
  );
  await database.migrate();
  const db = database.db;
  const secret = loadOrCreateSecret(env.DATA_DIR, env.BETTER_AUTH_SECRET);
  const auth = createAuth({
    db,
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, "outbox"), logger }),
    logger,
    secret,
    baseUrl: env.PUBLIC_URL,
    requireEmailVerification: false,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    trustedOrigins: [env.PUBLIC_URL],
  });
  // Whoever creates the first admin prints how to sign in (the server will not be able to).
  const admin = await ensureFirstAdmin(db, auth, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    resetPassword: env.ADMIN_RESET_PASSWORD,
  });
  process.stdout.write(`\n${adminCredentialLines(admin).join("\n")}\n\n`);
  await seedDemo({
    database,
    auth,
    media: mediaStoreFor(env),
    delivery: deliveryConfigFor(env),
    dataDir: env.DATA_DIR,
    logger,
    // Validation only: no payout is made, so no provider webhook is ever sent.
    payees: {
      provider: createPayoutProvider(env, { appSecret: secret, send: () => async () => undefined }),
      encryptor: createEncryptor(secret, "payout-accounts"),
    },
    say: (line) => process.stdout.write(`${line}\n`),
  });
  await database.close();
  process.stdout.write(
    `\nDemo artists (password "${DEMO_PASSWORD}"): ${DEMO_ARTISTS.map((a) => a.email).join(", ")}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Seeding failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
