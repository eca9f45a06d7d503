import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { image, wav } from "#server/test/media-fixtures";
import { E2E_DATA_DIR } from "../../playwright.config";
import {
  createArtist,
  E2E_ADMIN,
  expect,
  expectToast,
  payForPlan,
  searchTable,
  seriousViolations,
  signIn,
  test,
} from "./fixtures";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every file under a folder, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test("an artist uploads a 24-bit WAV and a 3000 px JPG, sees progress and the verdict, submits; the admin plays it, approves, and the store gets the same bytes", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Uploaded Song ${Date.now()}`;
  // A 24-bit 48 kHz stereo master of about 35 MB, and square artwork, written where a person keeps files.
  const master = wav({ sampleRate: 48_000, bitDepth: 24, channels: 2, seconds: 120, extensible: true });
  const cover = await image({ width: 3000, height: 3000, format: "jpeg" });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-e2e-upload-"));
  const masterPath = path.join(dir, "Monsoon master.wav");
  const coverPath = path.join(dir, "cover.jpg");
  await fs.writeFile(masterPath, master);
  await fs.writeFile(coverPath, cover);

  const artist = await createArtist(page, "Uploading Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // Deliveries go to stores once the plan is paid.
  await payForPlan(page);
  await page.goto("/app/releases");
  await page.getByRole("button", { name: "Upload Your First Release" }).click();
  await page.getByLabel("Release Title *").fill(title);
  await page.getByLabel("Artist Name *").fill("Uploading Artist");
  await page.getByLabel("Release Date *").fill("2026-12-24");

  // A file of the wrong kind is refused beside the field before anything is sent.
  const audioField = page.getByRole("group", { name: "Audio file", exact: true });
  await audioField.getByLabel("Choose audio file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not audio"),
  });
  await expect(audioField.getByRole("alert")).toHaveText("Audio must be a WAV or FLAC file.");

  // Slowed to 2 MB/s, the upload can be watched, paused and resumed, and is still under way when the
  // network drops below (at 8 MB/s a busy machine once let it finish first, and the drop went unseen).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await audioField.getByLabel("Choose audio file").setInputFiles(masterPath);
  await expect(audioField.getByRole("progressbar", { name: "Uploading Monsoon master.wav" })).toBeVisible();
  const submit = page.getByRole("button", { name: /Waiting for 1 upload/ });
  await expect(submit).toBeDisabled();
  await audioField.getByRole("button", { name: "Pause upload" }).click();
  await expect(audioField.getByText("Paused")).toBeVisible();
  await expect(audioField.getByText(/^\d+ % · .* of 3\d\.\d MB$/)).toBeVisible();
  await audioField.getByRole("button", { name: "Resume upload" }).click();
  await expect(audioField.getByText(/MB\/s/)).toBeVisible();
  // The network drops: the progress says it is reconnecting (issue 33: it looked frozen), and the
  // upload carries on when the network is back.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(audioField.getByText(/^Connection lost: reconnecting…/)).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Finished: 100 % and the quality check's verdict, before anything is submitted.
  await expect(audioField.getByText(/^100 % · 3\d\.\d MB uploaded$/)).toBeVisible({ timeout: 30_000 });
  await expect(audioField.getByText("Quality check passed: no problems found.")).toBeVisible();
  const artworkField = page.getByRole("group", { name: "Cover art", exact: true });
  await artworkField.getByLabel("Choose cover art").setInputFiles(coverPath);
  await expect(artworkField.getByText("Quality check passed: no problems found.")).toBeVisible({ timeout: 15_000 });

  // The form with its uploaded files and verdicts is accessible, on a phone too.
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  const replace = audioField.getByRole("button", { name: "Replace audio file" });
  await replace.scrollIntoViewIfNeeded();
  await expect(replace).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.E2E_SCREENSHOTS) await audioField.screenshot({ path: "test-results/upload-field-phone.png" });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!", `"${title}" has been submitted for review.`);

  // The artist's release page plays the checked file.
  await page.getByRole("button", { name: `Analytics for ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const files = page.getByRole("region", { name: "Files" });
  await expect(files.getByText("Monsoon master.wav · version 1 · uploaded")).toBeVisible({ timeout: 15_000 });

  // The admin listens in review (the player loads the real file, seeking by byte ranges) and approves.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", title);
  await admin.getByRole("button", { name: `Review ${title}` }).click();
  const review = admin.getByRole("dialog", { name: `Review ${title}` });
  await expect(review.getByRole("img", { name: `Cover art of ${title}` })).toBeVisible();
  const player = review.locator("audio");
  await expect(player).toHaveAccessibleName(`Track 1: ${title}`);
  const played = await player.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    audio.currentTime = 60;
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 500));
    audio.pause();
    return { duration: audio.duration, at: audio.currentTime };
  });
  expect(Math.round(played.duration)).toBe(120);
  expect(played.at).toBeGreaterThan(60);
  await review.getByRole("button", { name: "Approve" }).click();
  // Approving asks first, naming the release.
  await admin
    .getByRole("alertdialog", { name: /^Approve / })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(review.getByRole("status").filter({ hasText: "Release approved" })).toBeVisible();
  const deliveries = review.getByRole("table").filter({ has: admin.getByRole("columnheader", { name: "Store" }) });
  await expect(deliveries.getByRole("row").filter({ hasText: "Spotify" })).toContainText("Sent", { timeout: 20_000 });
  const upc = (await review.getByText(/^UPC \d{12,13}$/).textContent())?.replace("UPC ", "") ?? "";

  // The store's folder holds exactly the bytes the artist uploaded.
  const delivered = (await filesUnder(path.join(E2E_DATA_DIR, "deliveries", "spotify"))).filter((f) =>
    f.endsWith(path.join(upc, "resources", `${upc}_01_001.wav`)),
  );
  expect(delivered).toHaveLength(1);
  expect(sha256(await fs.readFile(delivered[0] as string))).toBe(sha256(master));
  const artworkCopy = (await filesUnder(path.join(E2E_DATA_DIR, "deliveries", "spotify"))).find((f) =>
    f.endsWith(path.join(upc, "resources", `${upc}.jpg`)),
  );
  expect(sha256(await fs.readFile(artworkCopy as string))).toBe(sha256(cover));

  await adminContext.close();
  await fs.rm(dir, { recursive: true, force: true });
});
