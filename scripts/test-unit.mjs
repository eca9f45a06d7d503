// Unit and API tests on embedded PGlite, then the API suite again on PostgreSQL when TEST_DATABASE_URL is set.
// The order is shuffled; TEST_SEED replays a run's order (the seed is printed first).
import { spawnSync } from "node:child_process";
import os from "node:os";

const seed = process.env.TEST_SEED ?? String(Math.floor(Math.random() * 1_000_000));
console.log(`Test order seed: ${seed} (TEST_SEED=${seed} npm run test:unit replays it)\n`);

const run = (args, env = {}) => {
  const result = spawnSync("npx", ["vitest", ...args, "--sequence.seed", seed], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(["run"]);
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nAPI tests again on PostgreSQL (${process.env.TEST_DATABASE_URL})\n`);
  // Only the files whose database this setting chooses: those that import the test database or the
  // test settings, directly or through a helper (Vitest's own import graph finds them). The rest (the
  // ERN schema and rules, audio analysis, the migration tests on embedded PGlite) would run the same
  // twice. The process test always runs on embedded PGlite, so it is not repeated either.
  run(
    [
      "related",
      "src/server/test/test-database.ts",
      "src/server/test/test-env.ts",
      "--run",
      "--exclude",
      "src/server/main.test.ts",
      // One worker more than the cores: here a test waits on the PostgreSQL server, which runs
      // beside the workers, and with a worker per core a sixth of the CPU stood idle (143 s → 128 s).
      "--maxWorkers",
      String(os.availableParallelism() + 1),
    ],
    { TEST_DB: "postgres" },
  );
}
