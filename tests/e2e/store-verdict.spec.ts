import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { image, wav } from "#server/test/media-fixtures";
import { createArtist, E2E_ADMIN, expect, expectToast, searchTable, seriousViolations, signIn, test } from "./fixtures";

/** A loud master, pushed past full scale and clipped: random notes, a new tune each run. */
function loudMaster(): Buffer {
  const notes = Array.from({ length: 64 }, () => 220 * 2 ** (Math.floor(Math.random() * 24) / 12));
  return wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 20 }, (t, ch) => {
    const note = notes[Math.floor(t * 4) % notes.length] ?? 220;
    const v = 3 * (ch === 0 ? 1 : 0.8) * (1 - ((t * 4) % 1) * 0.5) * Math.sin(2 * Math.PI * note * t);
    return Math.max(-1, Math.min(1, v));
  });
}

test("on a phone, an artist checks a loud master titled with (feat. X) store by store, fixes the title, declares AI use, submits and downloads the signed provenance record; the admin's review shows the same verdict", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Monsoon Nights ${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-e2e-verdict-"));
  const masterPath = path.join(dir, "Monsoon loud master.wav");
  const coverPath = path.join(dir, "cover.jpg");
  await fs.writeFile(masterPath, loudMaster());
  await fs.writeFile(coverPath, await image({ width: 3000, height: 3000, format: "jpeg" }));

  const artist = await createArtist(page, "Verdict Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/releases");
  await page.getByRole("button", { name: "Upload Your First Release" }).click();
  await page.getByLabel("Release Title *").fill(`${title} (feat. Ravi)`);
  await page.getByLabel("Artist Name *").fill("Verdict Artist");
  await page.getByLabel("Release Date *").fill("2026-12-24");
  const audioField = page.getByRole("group", { name: "Audio file", exact: true });
  await audioField.getByLabel("Choose audio file").setInputFiles(masterPath);
  await expect(audioField.getByText("Quality check passed: no problems found.")).toBeVisible({ timeout: 30_000 });
  const artworkField = page.getByRole("group", { name: "Cover art", exact: true });
  await artworkField.getByLabel("Choose cover art").setInputFiles(coverPath);
  await expect(artworkField.getByText("Quality check passed: no problems found.")).toBeVisible({ timeout: 15_000 });

  // AI made part of the vocals: said in plain words, per track and for the cover.
  await page.getByLabel("Yes, some or all of it").check();
  await page.getByLabel("The cover art").selectOption("none");
  await page.getByLabel("Track 1: vocals").selectOption("partly");

  // The verdict, store by store, with what to fix, while the master's levels are measured.
  await page.getByRole("button", { name: "Check with the stores" }).click();
  const verdict = page.getByRole("region", { name: "Store by store" });
  await expect(verdict.getByRole("status")).toHaveText(
    "Ready for 5 of 6 stores; fix what is marked to reach the rest",
    {
      timeout: 30_000,
    },
  );
  const apple = verdict.getByRole("listitem").filter({ hasText: "Apple Music" }).first();
  await expect(apple.getByText("Will be refused")).toBeVisible();
  await expect(apple.getByText(`"${title} (feat. Ravi)" names a featured artist in the title.`)).toBeVisible();
  await expect(apple.getByText(/Take the featured artist out of the title/)).toBeVisible();
  const spotify = verdict.getByRole("listitem").filter({ hasText: "Spotify" }).first();
  await spotify.getByText("Spotify", { exact: true }).click();
  await expect(
    spotify.getByText(/^Spotify plays at −14\.0 LUFS: this master \(.+ LUFS\) will be turned down .+ dB\.$/),
  ).toBeVisible();
  await expect(spotify.getByText(/the master clips/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Fixed as it says: the featured artist moves to their field.
  await page.getByLabel("Release Title *").fill(title);
  await page.getByLabel("Track 1 featured artists").fill("Ravi");
  await page.getByRole("button", { name: "Check with the stores" }).click();
  await expect(verdict.getByRole("status")).toHaveText("Ready for all 6 stores");

  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!", `"${title}" has been submitted for review.`);
  await page.getByRole("button", { name: `Analytics for ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The release page shows the same verdict, the measured levels, and the provenance record.
  await expect(page.getByRole("region", { name: "Store by store" }).getByRole("status")).toHaveText(
    "Ready for all 6 stores",
    { timeout: 30_000 },
  );
  await expect(page.getByRole("table", { name: "Measured levels" })).toBeVisible();
  const provenance = page.getByRole("region", { name: "Provenance record" });
  await provenance.getByRole("button", { name: "Get the provenance record" }).click();
  const downloading = page.waitForEvent("download");
  await provenance.getByRole("link", { name: "Download PDF" }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/^kalrav-provenance-[A-Za-z0-9_-]{22}\.pdf$/);
  const bytes = await fs.readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(await seriousViolations(page)).toEqual([]);

  // Anyone can check it.
  await provenance.getByRole("link", { name: "Public check page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Provenance record" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "The signature is valid: Kalrav issued this record, and not a byte of it has changed since.",
  );
  await expect(page.getByText("Partly made with AI").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The admin's review: the same verdict, and what to check by eye before approving.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", title);
  await admin.getByRole("button", { name: `Review ${title}` }).click();
  const review = admin.getByRole("dialog", { name: `Review ${title}` });
  await expect(
    review.getByRole("region", { name: "Store by store" }).getByText("Ready for all 6 stores"),
  ).toBeVisible();
  await expect(review.getByRole("region", { name: "Check by eye" }).getByRole("listitem").first()).toHaveText(
    "The cover shows no web address, social handle, QR code or price.",
  );
  await expect(review.getByRole("table", { name: "Measured levels" })).toBeVisible();
  await adminContext.close();
});
