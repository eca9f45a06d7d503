// Unit and API tests on embedded PGlite, then the API suite again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

const run = (args, env = {}) => {
  const result = spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run([]);
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nAPI tests again on PostgreSQL (${process.env.TEST_DATABASE_URL})\n`);
  // The process test always runs on embedded PGlite, so it is not repeated here.
  run(["src/server", "--exclude", "src/server/main.test.ts"], { TEST_DB: "postgres" });
}
