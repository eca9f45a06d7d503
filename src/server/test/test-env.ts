// The test run's own settings, read from the environment in this one place, as src/server/env.ts is
// for the server: which PostgreSQL server the tests may use, whether this pass runs on it, and how
// loud the servers they start are.
import { z } from "zod";

const testEnvSchema = z.object({
  /** A PostgreSQL server for the tests (its databases are created and dropped by them). */
  TEST_DATABASE_URL: z.string().optional(),
  /** "postgres": this pass runs the API tests on that server instead of embedded PGlite. */
  TEST_DB: z.string().optional(),
  /** Log level of the in-process test servers. */
  TEST_LOG_LEVEL: z.string().default("silent"),
  /** Log level of the real server processes the multi-process tests start. */
  PROCESS_LOG_LEVEL: z.string().default("silent"),
});

const env = testEnvSchema.parse(process.env);

export const TEST_ENV = {
  databaseUrl: env.TEST_DATABASE_URL ?? "",
  onPostgres: env.TEST_DB === "postgres",
  logLevel: env.TEST_LOG_LEVEL,
  processLogLevel: env.PROCESS_LOG_LEVEL,
} as const;
