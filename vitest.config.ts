import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.config";

export default defineConfig({
  resolve: {
    alias: [
      ...aliases,
      // The web's tests run the upload client the browser runs (Vite picks its "browser" build; Node
      // resolution would take the Node one, with Node's own HTTP stack). Only the web uses it.
      {
        find: /^tus-js-client$/,
        replacement: fileURLToPath(new URL("./node_modules/tus-js-client/lib.esm/browser/index.js", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker imports the server once for all its files instead of once per file (a third of the
    // suite's time went to imports), and keeps its emptied embedded databases across files. This holds
    // only because no test mocks a module or stubs a global (architecture.test.ts forbids it).
    isolate: false,
    // Every core: an API test spends its time in its own embedded database, not waiting.
    maxWorkers: os.availableParallelism(),
    setupFiles: ["src/test-setup.ts"],
    // The migrated database template every API test clones.
    globalSetup: ["src/server/test/global-setup.ts"],
    // Files and tests run in a shuffled order (scripts/test-unit.mjs prints the seed to replay it):
    // a test that needs an earlier one fails here rather than some day.
    sequence: { shuffle: { files: true, tests: true } },
  },
});
