import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = 4173;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
// Outside test-results/, which Playwright empties while the server may already be running.
export const E2E_DATA_DIR = path.join(os.tmpdir(), "kalrav-e2e-data");
/** Files the tests "host" for releases, served on 127.0.0.1:E2E_MEDIA_PORT. */
export const E2E_MEDIA_DIR = path.join(os.tmpdir(), "kalrav-e2e-media");
export const E2E_MEDIA_PORT = 4174;
export const E2E_ADMIN = { email: "admin@e2e.kalrav", password: "e2e-admin-password" };

/**
 * The browser the journeys drive: Debian's `chromium-headless-shell` (Chromium's old headless mode, the
 * build Playwright itself runs headless by default) when installed, else the full `chromium` in its new
 * headless mode. The shell has no browser UI to draw: the suite took 4.5 min with it against 6.6 min,
 * and the browser process spent a third of the CPU (decision 056). `CHROMIUM_PATH` names another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const E2E_BROWSER =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** How Debian's chromium runs here (as root, no GPU, no network of its own); the benchmark's Lighthouse uses it too. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a flaky test is a bug to fix.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two cores run two workers, the server and two browsers: a whole journey can pass 30 s there
  // without anything being wrong (the longest journeys set more: on a loaded 2-core machine a
  // three-browser journey took 90 s and more). Each step still fails in 7 s (expect's timeout below).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // A failed journey keeps its trace (each action's DOM, network and console) without the
    // screencast: recording screenshots of every passing journey cost the browser a fifth to a third
    // of its CPU (decision 045). `npx playwright test --trace on` records them when a failure needs
    // the pictures.
    // CI keeps nothing but its log, so there a trace would be recorded for no one: none is.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    launchOptions: {
      executablePath: E2E_BROWSER,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_BASE_URL,
      E2E_DATA_DIR,
      E2E_MEDIA_DIR,
      E2E_MEDIA_PORT: String(E2E_MEDIA_PORT),
      JOB_POLL_MS: "500",
      // Stores' acknowledgements are read back every second, so journeys see them promptly.
      DELIVERY_ACK_POLL_SECONDS: "1",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SIGN_IN_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
