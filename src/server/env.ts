import path from "node:path";
import { z } from "zod";
import { DEFAULT_CASE_DEADLINE_DAYS } from "#domain/fraud";
import { WEBHOOK_TIMEOUT_MS } from "#domain/webhooks";

const boolFromString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** The Ed25519 key (PKCS#8 PEM) that signs provenance records; generated into DATA_DIR when unset. */
  PROVENANCE_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** Replace the password of the existing ADMIN_EMAIL account with ADMIN_PASSWORD at start. */
  ADMIN_RESET_PASSWORD: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Kalrav <no-reply@kalrav.in>"),
  REQUIRE_EMAIL_VERIFICATION: boolFromString,
  /** "host:port" list the quality check may fetch from even though they are private (tests, mirrors). */
  FETCH_ALLOW_HOSTS: z.string().default(""),
  /** Largest audio or artwork file the quality check downloads. */
  MEDIA_MAX_MB: z.coerce.number().int().min(1).default(1024),
  /** Seconds a download may sit idle before it is abandoned. */
  FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds a whole download may take, however steadily bytes arrive. */
  FETCH_DEADLINE_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** Slowest transfer accepted, in KB/s, measured over FETCH_RATE_WINDOW_SECONDS (a drip-feed is abandoned). */
  FETCH_MIN_RATE_KBPS: z.coerce.number().min(0).default(32),
  FETCH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Media an artist's releases may hold in the media store, in MB (files are shared by content). */
  MEDIA_QUOTA_MB: z.coerce.number().int().min(1).default(20_480),
  /** Hours an unreferenced media file is kept before the sweeper removes it (a check may still be using it). */
  MEDIA_SWEEP_GRACE_HOURS: z.coerce.number().min(0).default(6),
  /**
   * An S3-compatible bucket for uploads in progress (tus, @tus/s3-store); unset: they are kept under
   * DATA_DIR/tus. Finished files go to the media store either way.
   */
  S3_BUCKET: z.string().optional(),
  /** The bucket's endpoint, for S3-compatible services other than AWS (MinIO, R2, s3rver…). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Razorpay (issue 18): with these keys the real gateway is used; without, the built-in test gateway. */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Another Razorpay API address (tests point it at a local server). */
  RAZORPAY_API_URL: z.string().url().optional(),
  // RazorpayX pays royalties when all four are set; otherwise the built-in test payout provider does.
  RAZORPAYX_KEY_ID: z.string().optional(),
  RAZORPAYX_KEY_SECRET: z.string().optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z.string().optional(),
  RAZORPAYX_API_URL: z.string().url().default("https://api.razorpay.com"),
  /** Twilio sends the one-time codes of phone-only split invites; without all three, the SMS outbox. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().url().default("https://api.twilio.com"),
  // TDS on royalties (Income-tax Act): the section cited on statements, rates in percent, threshold in rupees.
  TDS_SECTION: z.string().default("194J"),
  /** Days an admin has to decide a store-notice case (issue 41), shown to both sides. */
  FRAUD_CASE_DEADLINE_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_CASE_DEADLINE_DAYS),
  /** Seconds a webhook endpoint has to answer before the attempt counts as failed (issue 38). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(30)
    .default(WEBHOOK_TIMEOUT_MS / 1000),
  TDS_RATE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  TDS_NO_PAN_RATE_PERCENT: z.coerce.number().min(0).max(50).default(20),
  TDS_THRESHOLD_RUPEES: z.coerce.number().int().min(0).default(50_000),
  /** GST on our prices (they include it), and the seller named on our tax invoices. */
  GST_RATE_PERCENT: z.coerce.number().int().min(0).max(28).default(18),
  KALRAV_GSTIN: z.string().default(""),
  KALRAV_LEGAL_NAME: z.string().default("Kalrav Music Distribution"),
  KALRAV_STATE: z.string().default("West Bengal"),
  KALRAV_ADDRESS: z.string().default("12 Park Street, Kolkata, West Bengal 700016, India"),
  /** JSON array of stores (id, name, dpid, downloads, transport); unset: six local folder stores. */
  STORES_FILE: z.string().optional(),
  /** GS1 company prefix for the EAN-13s we assign (placeholder by default: set yours before real deliveries). */
  GS1_PREFIX: z
    .string()
    .regex(/^\d{6,11}$/, "6 to 11 digits")
    .default("8901234"),
  /** ISRC country + registrant code for the ISRCs we assign (placeholder by default). */
  ISRC_REGISTRANT: z
    .string()
    .regex(/^[A-Za-z]{2}-?[A-Za-z0-9]{3}$/, "like IN-K7L")
    .default("IN-ZZZ")
    .transform((v) => v.replace("-", "").toUpperCase()),
  /** Our DDEX party id and name, sent as the message sender. */
  DDEX_SENDER_DPID: z
    .string()
    .regex(/^PADPIDA[a-zA-Z0-9]+$/, "a DDEX party id starts with PADPIDA")
    .default("PADPIDALOCALKALRAV"),
  DDEX_SENDER_NAME: z.string().min(1).default("Kalrav"),
  /** Folder with ernv43/release-notification.xsd and allowed-value-sets.xsd; unset: the copy in ddex/xsd. */
  DDEX_SCHEMA_DIR: z.string().optional(),
  /** Validate each message against the schema before sending it (on unless "false"). */
  DDEX_VALIDATE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  /** How often stores' acknowledgements are read back (and store links looked up), in seconds. */
  DELIVERY_ACK_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Spotify Web API credentials: with them, links to releases on Spotify are found by UPC. */
  SPOTIFY_CLIENT_ID: z.string().optional(),
  SPOTIFY_CLIENT_SECRET: z.string().optional(),
  /** Other Spotify addresses (tests point them at a local server). */
  SPOTIFY_API_URL: z.string().url().optional(),
  SPOTIFY_ACCOUNTS_URL: z.string().url().optional(),
  /** Which store in STORES_FILE is Spotify. */
  SPOTIFY_STORE_ID: z.string().default("spotify"),
  /** Look releases up on Apple's public lookup by UPC (no key needed; off by default). */
  APPLE_LOOKUP: boolFromString,
  APPLE_LOOKUP_URL: z.string().url().optional(),
  APPLE_STORE_ID: z.string().default("apple-music"),
  /** How often the job worker looks for work, in ms (0: only when kicked). */
  JOB_POLL_MS: z.coerce.number().int().min(0).default(2000),
  /** Seconds a running job's lease lasts without renewal (its worker renews it): a dead worker's job is taken over after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds one run of a job may take before its worker gives it up and it is retried. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(2400),
  /** Jobs one server process runs at once; one owner may hold at most half of them (at least one). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Trust X-Forwarded-For from a reverse proxy for the client address (rate limits). */
  TRUST_PROXY: boolFromString,
  /** The built-in test gateway and payout provider on a public production server (issue 33: refused unless set). */
  ALLOW_TEST_PAYMENTS: boolFromString,
  /** Sign-in attempts allowed per client address per minute. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts one account allows (from any address) before it pauses, and the first pause in seconds (doubling, at most 15 minutes). */
  SIGN_IN_ACCOUNT_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SIGN_IN_LOCK_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Answers each process keeps of the heaviest reads (decision 040); 0 keeps none (the bench's cold reads). */
  READ_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2_000),
  /** Adds two baseline routes for `npm run bench` (a static reply and one primary-key SELECT). */
  ENABLE_BENCH_ROUTES: boolFromString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string; PUBLIC_URL: string };

/**
 * Settings read from the environment by native code inside our dependencies, not by us: each is given
 * its default here unless the operator set it (README).
 *
 * `MIMALLOC_PURGE_DELAY`: the Argon2 package's native code allocates with its own mimalloc, which gave
 * each check's 7 MiB back to the system 10 ms after the check; the next check faulted every page of it
 * in again (about 350 page faults a check), and about one check in four took 37 ms instead of 14 on
 * our machines. Kept for a second, the memory is reused while sign-ins keep coming: at most 7 MiB per
 * thread of libuv's pool (decision 064).
 */
const NATIVE_DEFAULTS = { MIMALLOC_PURGE_DELAY: "1000" } as const;

/**
 * Gives the native settings above their defaults. Such code reads its setting once, when its package
 * loads: a module that loads one calls this first (`password.ts`).
 */
export function applyNativeDefaults(target: Record<string, string | undefined> = process.env): void {
  for (const [name, value] of Object.entries(NATIVE_DEFAULTS)) target[name] ??= value;
}

/** Reads the environment once; nowhere else reads process.env. Fails fast on bad values. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}
