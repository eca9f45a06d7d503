// Unit and API tests on embedded PGlite, then the API suite again on PostgreSQL when TEST_DATABASE_URL is set.
// The order is shuffled; TEST_SEED replays a run's order (the seed is printed first).
import { spawnSync } from "node:child_process";

const seed = process.env.TEST_SEED ?? String(Math.floor(Math.random() * 1_000_000));
console.log(`Test order seed: ${seed} (TEST_SEED=${seed} npm run test:unit replays it)\n`);

const run = (args, env = {}) => {
  const result = spawnSync("npx", ["vitest", "run", "--sequence.seed", seed, ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run([]);
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nAPI tests again on PostgreSQL (${process.env.TEST_DATABASE_URL})\n`);
  // The process test and the payee migration's test always run on embedded PGlite, so they are not repeated here.
  run(["src/server", "--exclude", "src/server/main.test.ts", "--exclude", "src/server/db/payee-migration.test.ts"], {
    TEST_DB: "postgres",
  });
}
