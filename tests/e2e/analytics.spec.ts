import fs from "node:fs/promises";
import { addDays, todayIst } from "#domain/clock";
import {
  createArtist,
  E2E_ADMIN,
  expect,
  expectToast,
  hostArtwork,
  hostWav,
  seriousViolations,
  signIn,
  test,
  uniqueUpc,
  waitForQualityCheck,
} from "./fixtures";

const day = (daysAgo: number) => addDays(todayIst(), -daysAgo);

test("an imported report drives the artist's dashboard, analytics, royalties and export", async ({
  page,
  browser,
}, testInfo) => {
  // A whole journey across two browsers (~25 s alone): the default 30 s is too close on 2 cores.
  test.setTimeout(60_000);
  const upc = uniqueUpc();

  const artist = await createArtist(page, "Charted Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const created = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      title: "Charted Song",
      artistName: "Charted Artist",
      releaseDate: "2026-06-01",
      upcEan: upc,
      audioFileUrl: await hostWav(),
      coverArtUrl: await hostArtwork(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.ok()).toBeTruthy();
  const releaseId = (await created.json()).release.id as string;
  await waitForQualityCheck(page, releaseId);

  const csv = [
    "date,store,country,upc,isrc,streams,listeners,revenue,currency",
    `${day(1)},Spotify,IN,${upc},,1000,400,50.00,INR`,
    `${day(2)},JioSaavn,IN,${upc},,500,250,25.00,INR`,
    `${day(3)},Spotify,US,${upc},,250,100,25.00,INR`,
    `${day(3)},Spotify,US,999999999993,,1,1,1.00,INR`,
  ].join("\n");
  const file = testInfo.outputPath("report.csv");
  await fs.writeFile(file, csv);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  // Store reports credit only releases that went to stores: the admin approves it first.
  const approved = await admin.request.post(`/api/admin/releases/${releaseId}/approve`, {
    headers: { origin: new URL(admin.url()).origin },
  });
  expect(approved.ok()).toBeTruthy();
  await admin
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Store Reports" })
    .click();
  // Without a file, the form says so beside the file field and focuses it.
  await admin.getByRole("button", { name: "Upload Report" }).click();
  await expect(admin.getByLabel("Report file (CSV)")).toHaveAccessibleDescription("Choose a CSV report first.");
  await expect(admin.getByLabel("Report file (CSV)")).toBeFocused();
  await admin.getByLabel("Report file (CSV)").setInputFiles(file);
  await admin.getByRole("button", { name: "Upload Report" }).click();
  await expectToast(admin, "Report queued");
  const row = admin.getByRole("row").filter({ hasText: "report.csv" }).first();
  await expect(row).toContainText("completed", { timeout: 20_000 });
  await expect(row).toContainText("3");
  await row.getByRole("button", { name: "Refused rows of report.csv" }).click();
  await expect(admin.getByRole("list", { name: "Refused rows" })).toContainText("Line 5: upc 999999999993");
  await admin.keyboard.press("Escape");
  // On a phone the imports table scrolls inside its box; the page itself never scrolls sideways
  // (the rows' hidden labels once widened it to 725 px).
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await admin.setViewportSize({ width: 1280, height: 720 });
  // The reconciliation traces every ledger row back to the rows just imported.
  await admin.getByRole("button", { name: "Check royalties" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Every ledger row traces" })).toBeVisible();
  await adminContext.close();

  // Revenue ₹100 at the Basic Artist share of 80% is ₹80.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Total Streams" }).locator("..").locator("..")).toContainText("1,750");
  await expect(page.getByRole("heading", { name: "Total Listeners" }).locator("..").locator("..")).toContainText("750");
  await expect(page.getByRole("heading", { name: "Total Royalties (INR)" }).locator("..").locator("..")).toContainText(
    "₹80",
  );
  await expect(page.getByText("Spotify")).toBeVisible();
  await expect(page.getByText("India")).toBeVisible();

  await page.goto("/app/releases");
  await expect(page.getByRole("article").filter({ hasText: "Charted Song" })).toContainText("1,750 streams");

  await page.goto("/app/analytics");
  await page.getByRole("tab", { name: "7 Days" }).click();
  await expect(page.getByRole("heading", { name: "Streams", exact: true }).locator("..")).toContainText("1,750");
  await expect(page.getByRole("heading", { name: "Royalties", exact: true }).locator("..")).toContainText("₹80");
  await page.getByRole("tab", { name: "Platforms" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Spotify" })).toContainText("1,250");
  await page.getByRole("tab", { name: "Audience" }).click();
  await expect(page.getByText("do not include listeners' age or gender")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kalrav-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const saved = testInfo.outputPath("export.csv");
  await download.saveAs(saved);
  const exported = await fs.readFile(saved, "utf8");
  // Streams per day; royalties per month, as stores pay them (issue 33: from the ledger).
  expect(exported).toMatch(new RegExp(`${day(1)},1000,400\r?\n`));
  expect(exported).toContain(`month,royalties_inr`);
  expect(exported).toContain(`${day(1).slice(0, 7)},`);
  expect(exported).toContain("Spotify,1250,500,60.00");
  // The single's release-level rows are its one track's (listed once, under its ISRC).
  expect(exported).toMatch(/Charted Song,INZZZ\d{7},1750,750,80\.00/);

  await page.goto("/app/royalties");
  await expect(page.getByRole("heading", { name: "Total Earnings" }).locator("..")).toContainText("₹80");
  await expect(page.getByText("You can request a payout once your balance reaches ₹500.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Request Payout" })).toBeDisabled();
});

test("while its figures load, the analytics page's period tabs name what they control", async ({ page }) => {
  const artist = await createArtist(page, "Waiting Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // The figures are held back until the page has been checked as it stands while loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/analytics?**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/app/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveCount(0);
  // Each period tab's aria-controls names an element that is there (axe: aria-valid-attr-value).
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
});
