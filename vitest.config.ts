import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.config";

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["src/test-setup.ts"],
  },
});
