import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import { image, type PcmSpec, wav } from "#server/test/media-fixtures";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_MEDIA_DIR, E2E_MEDIA_PORT } from "../../playwright.config";

export { E2E_ADMIN, expect };

/**
 * A console error fails the test; failed responses a test provokes on purpose are checked by the test itself.
 * Every `page.goto` waits for the app to be live: public pages are prerendered, and a click or keystroke
 * before React hydrates them lands on inert HTML, as it would for a person on a slow phone.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export function uniqueEmail(prefix = "artist") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers an artist through the API, as the registration screen does. */
export async function createArtist(page: Page, name = "Test Artist") {
  const email = uniqueEmail();
  const password = "artist-pass";
  const res = await page.request.post("/api/auth/sign-up/email", { data: { name, email, password } });
  expect(res.ok()).toBeTruthy();
  return { name, email, password };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The admin, signed in in a browser of their own (their own cookies), on the admin dashboard. */
export async function adminInNewBrowser(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  return admin;
}

/** The newest mail to `to` in the server's outbox, waiting for it to arrive. */
export async function latestMailTo(to: string, subject: string) {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await fs.readdir(dir).catch(() => []))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8"));
      if (mail.to === to && mail.subject === subject) return mail as { to: string; subject: string; text: string };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

/** The toast with this title (and description) in the notifications region. */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole("region", { name: /Notifications/ });
  // One assertion for the title and the description of the same toast: checked one after the
  // other, a toast that closed (after its 5 s) between the two checks failed a busy run.
  let shown = region.locator("li").filter({ has: page.getByText(title, { exact: true }) });
  if (description) shown = shown.filter({ has: page.getByText(description, { exact: true }) });
  await expect(shown.first()).toBeVisible();
}

/**
 * Types into a list's search box and waits until the table shows only rows that match: clicking a row's
 * button before the debounced search answers hit the wrong place when the rows moved under the pointer.
 */
export async function searchTable(page: Page, searchbox: string, text: string) {
  await page.getByRole("searchbox", { name: searchbox, exact: true }).fill(text);
  // The list's own rows: not its footer (a total), nor a table nested in a row (a user's payments).
  const dataRows = page.getByRole("table").first().locator(":scope > tbody > tr");
  await expect(dataRows.filter({ hasText: text }).first()).toBeVisible();
  await expect(dataRows.filter({ hasNotText: text })).toHaveCount(0);
}

let upcCounter = 0;
/**
 * A valid UPC-A unique to this run (codes are claimed by the release that first carries them, and the
 * e2e database is shared by every test): 11 digits from the clock, the worker and a counter, plus the
 * GS1 check digit.
 */
export function uniqueUpc(): string {
  upcCounter += 1;
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const body = `${String(Date.now()).slice(-7)}${pad(process.pid % 100, 2)}${pad(upcCounter % 100, 2)}`;
  const digits = body.split("").map(Number);
  const sum = digits.reduce((s, d, i) => s + d * ((digits.length - 1 - i) % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Puts a file on the stand-in file host and returns its public link. */
export async function hostFile(name: string, body: Buffer): Promise<string> {
  const unique = `${randomUUID().slice(0, 8)}-${name}`;
  await fs.writeFile(path.join(E2E_MEDIA_DIR, unique), body);
  return `http://127.0.0.1:${E2E_MEDIA_PORT}/${unique}`;
}

/** A real WAV on the file host. */
export function hostWav(spec: Partial<PcmSpec> = {}) {
  return hostFile("track.wav", wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1, ...spec }));
}

/** Real 3000 × 3000 JPG artwork on the file host. */
export async function hostArtwork() {
  return hostFile("cover.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
}

/** Waits until the release's quality check has finished (it runs in the background). */
export async function waitForQualityCheck(page: Page, id: string) {
  await expect
    .poll(async () => (await (await page.request.get(`/api/releases/${id}`)).json()).quality.status, {
      timeout: 15_000,
    })
    .toBe("done");
}

/**
 * A release the signed-in artist on `page` submits through the API, its audio and artwork hosted on
 * loopback, with its quality check done; answers its id.
 */
export async function createCheckedRelease(
  page: Page,
  release: { title: string; artistName: string; upcEan: string; releaseDate?: string },
): Promise<string> {
  const created = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      releaseDate: "2026-06-01",
      ...release,
      audioFileUrl: await hostWav(),
      coverArtUrl: await hostArtwork(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.ok()).toBeTruthy();
  const id = (await created.json()).release.id as string;
  await waitForQualityCheck(page, id);
  return id;
}

/** Upgrades the signed-in artist on `page` to the Label Plan, paid on the built-in test gateway. */
export async function upgradeToLabelPlan(page: Page) {
  await page.goto("/app/subscriptions");
  await page.getByRole("button", { name: "Upgrade Plan: Label Plan" }).click();
  const checkout = page.getByRole("dialog", { name: "Label Plan: checkout" });
  await checkout.getByLabel("Billing state").selectOption("West Bengal");
  await checkout.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expectToast(page, "Subscription Updated!");
}

/**
 * Pays for a plan as a person would, on the built-in test gateway: the plan's button on the
 * Subscription page, the billing state, then Pay on the gateway's page, until the plan is confirmed.
 */
export async function payForPlan(page: Page, button = "Pay for Basic Artist", state = "West Bengal") {
  await page.goto("/app/subscriptions");
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog");
  // The state changes the quote (GST lines): pay once the dialog shows the state's quote, not while it
  // is re-rendering with it (a click then was lost, and no checkout started).
  const quoted = page.waitForResponse(
    (r) => r.url().includes("/api/checkouts/quote") && r.url().includes("billingState="),
  );
  await dialog.getByLabel("Billing state").selectOption(state);
  await quoted;
  await expect(dialog.getByText("Taxable value")).toBeVisible();
  await dialog.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test gateway checkout" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expectToast(page, "Subscription Updated!");
}

/**
 * The rules that read colours. The dark theme differs from the light one only in its colours (CSS
 * variables over the same markup), so a page checked in full in one theme needs only these in the other.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page's serious and critical accessibility violations (axe), each with where it is: every rule,
 * or with `coloursOnly` the rules that read colours (for the second theme of a page checked in full);
 * `within` limits it to the part of the page a selector names (a dialog).
 */
export async function seriousViolations(
  page: Page,
  { coloursOnly = false, within }: { coloursOnly?: boolean; within?: string } = {},
) {
  const axe = new AxeBuilder({ page });
  if (coloursOnly) axe.withRules(COLOUR_RULES);
  if (within) axe.include(within);
  return (await axe.analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
