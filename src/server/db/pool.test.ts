import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "#server/test/test-env";
import { poolConfig } from "./client";

const url = TEST_ENV.databaseUrl;

describe.skipIf(!url)("the PostgreSQL connection pool", () => {
  it("keeps its connections open through a quiet spell, so a burst after it finds them ready", async () => {
    const name = `pool-test-${randomBytes(6).toString("hex")}`;
    const withName = new URL(url as string);
    withName.searchParams.set("application_name", name);
    // The app's settings, with pg's idle timeout (10 s) cut to 50 ms so the quiet spell is short.
    const pool = new pg.Pool({ ...poolConfig(withName.toString(), 4), idleTimeoutMillis: 50 });
    pool.on("error", () => {});
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    const open = async () =>
      Number(
        (await observer.query("select count(*) as n from pg_stat_activity where application_name = $1", [name])).rows[0]
          .n,
      );
    try {
      await Promise.all([1, 2, 3, 4].map(() => pool.query("select pg_sleep(0.05)")));
      expect(await open()).toBe(4);
      // Eight idle timeouts later: without the pool's floor every connection would be closed.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await open()).toBe(4);
    } finally {
      await observer.end();
      await pool.end();
    }
  });
});
