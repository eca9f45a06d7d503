import type { Browser, Page } from "@playwright/test";
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
  waitForQualityCheck,
} from "./fixtures";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

async function rejectAsAdmin(browser: Browser, releaseId: string, notes: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  const res = await admin.request.post(`/api/admin/releases/${releaseId}/reject`, {
    data: { notes },
    headers: { origin: new URL(admin.url()).origin },
  });
  expect(res.ok()).toBeTruthy();
  await context.close();
}

async function submitInCaps(page: Page) {
  const res = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      // All capitals: the quality check asks for title case (a finding the artist can fix by editing).
      title: "ROUGH CUT",
      artistName: "Kabir",
      releaseDate: "2027-02-01",
      audioFileUrl: await hostWav(),
      coverArtUrl: await hostArtwork(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBeTruthy();
  const id: string = (await res.json()).release.id;
  await waitForQualityCheck(page, id);
  return id;
}

for (const viewport of VIEWPORTS) {
  test(`a rejected release is fixed from its page and resubmitted, keeping its history (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const artist = await createArtist(page, "Kabir");
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const id = await submitInCaps(page);
    await rejectAsAdmin(browser, id, "Write the title in title case, please.");

    // The card's title opens the release.
    await page.goto("/app/releases");
    await page.getByRole("article").getByRole("link", { name: "ROUGH CUT" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/releases/${id}$`));
    await expect(page.getByText("Write the title in title case, please.").first()).toBeVisible();
    await expect(page.getByText("Rejected", { exact: true }).first()).toBeVisible();

    // Edit beside the finding opens the form, with the reviewer's note above it.
    await page.getByRole("button", { name: /^Edit: Release title/ }).click();
    const dialog = page.getByRole("dialog", { name: "Fix and resubmit ROUGH CUT" });
    await expect(dialog.getByText("Write the title in title case, please.")).toBeVisible();
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

    // A mistake is shown beside its field, which takes focus.
    const title = dialog.getByLabel("Release Title *", { exact: true });
    await title.fill("");
    await dialog.getByRole("button", { name: "Resubmit for Review" }).click();
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(
      "Please fill in all required fields including audio and artwork URLs.",
    );
    await title.fill("Rough Cut");
    await dialog.getByRole("button", { name: "Resubmit for Review" }).click();
    await expectToast(
      page,
      "Release submitted again",
      '"Rough Cut" is back in review. We will tell you when it has been reviewed.',
    );

    await expect(page.getByRole("heading", { level: 1, name: "Rough Cut" })).toBeVisible();
    await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("listitem").nth(0)).toContainText("Submitted for review");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Not approved");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Write the title in title case, please.");
    await expect(history.getByRole("listitem").nth(2)).toContainText("Changed and submitted again");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("a past release date asks whether the music came out before and keeps the original date", async ({ page }) => {
  const artist = await createArtist(page, "Old Gold");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/releases?new=1");
  await page.getByLabel("Release Title *", { exact: true }).fill("Old Gold");
  await page.getByLabel("Artist Name *", { exact: true }).fill("Old Gold");
  await page.getByLabel("Release Date *", { exact: true }).fill("2020-05-01");
  const question = page.getByRole("group", { name: "This date has passed. Was this music released before?" });
  await expect(question.getByRole("radio", { name: /No, it is new/ })).toBeChecked();
  await question.getByRole("radio", { name: "Yes, it came out before" }).check();
  await page.getByLabel("Audio File URL", { exact: true }).fill("https://cdn.example.com/old.wav");
  await page.getByLabel("Cover Art URL", { exact: true }).fill("https://cdn.example.com/old.jpg");
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  const original = page.getByLabel("Original release date");
  await expect(original).toBeFocused();
  await expect(original).toHaveAccessibleDescription("Enter the date the music first came out.");
  await original.fill("1998-03-14");
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!");
  const list = await (await page.request.get("/api/releases")).json();
  expect(list.releases[0]).toMatchObject({ title: "Old Gold", originalReleaseDate: "1998-03-14" });
});
