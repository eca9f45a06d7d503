import path from "node:path";
import { z } from "zod";

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
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Kalrav <no-reply@kalrav.in>"),
  REQUIRE_EMAIL_VERIFICATION: boolFromString,
  FETCH_ALLOW_HOSTS: z.string().default(""),
  /** Trust X-Forwarded-For from a reverse proxy for the client address (rate limits). */
  TRUST_PROXY: boolFromString,
  /** Sign-in attempts allowed per client address per minute. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Adds two baseline routes for `npm run bench` (a static reply and one primary-key SELECT). */
  ENABLE_BENCH_ROUTES: boolFromString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string; PUBLIC_URL: string };

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
