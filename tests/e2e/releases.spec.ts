import type { Page } from "@playwright/test";
import { createArtist, expect, expectToast, signIn, test, uniqueUpc } from "./fixtures";

async function signInNewArtist(page: Page, name = "Release Artist") {
  const artist = await createArtist(page, name);
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  return artist;
}

async function fillRelease(page: Page, values: Partial<Record<string, string>>) {
  const fields: [string, string][] = [
    ["Release Title *", values.title ?? ""],
    ["Artist Name *", values.artist ?? ""],
    ["Release Date *", values.date ?? ""],
    ["Audio File URL", values.audio ?? ""],
    ["Cover Art URL", values.artwork ?? ""],
    ["UPC/EAN", values.upc ?? ""],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  // The AI question every release answers (issue 40).
  await page.getByLabel("No, people made all of it").check();
}

const VALID = {
  title: "Monsoon Nights",
  artist: "Asha",
  date: "2026-12-24",
  audio: "https://cdn.example.com/monsoon.wav",
  artwork: "https://cdn.example.com/monsoon.jpg",
};

test("upload validation speaks in the spec's order, and a valid upload appears first as Pending", async ({ page }) => {
  await signInNewArtist(page);
  await page.getByRole("navigation", { name: "Artist navigation" }).getByRole("link", { name: "Releases" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Releases" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No releases found" })).toBeVisible();
  await page.getByRole("button", { name: "Upload Your First Release" }).click();
  await expect(page.getByRole("button", { name: "Cancel Upload" })).toBeVisible();

  const submit = page.getByRole("button", { name: "Submit Release" });
  await submit.click();
  await expectToast(
    page,
    "Missing information",
    "Please fill in all required fields including audio and artwork URLs.",
  );

  await fillRelease(page, { ...VALID, audio: "cdn.example.com/a.wav", artwork: "nope" });
  await submit.click();
  await expectToast(page, "Invalid audio URL", "Please provide a valid HTTP/HTTPS URL for the audio file.");

  await fillRelease(page, { ...VALID, artwork: "ftp://cdn.example.com/a.jpg" });
  await submit.click();
  await expectToast(page, "Invalid artwork URL", "Please provide a valid HTTP/HTTPS URL for the cover artwork.");

  await fillRelease(page, { ...VALID, upc: "036000291453" });
  await submit.click();
  await expectToast(page, "Invalid UPC/EAN");

  await fillRelease(page, { ...VALID, title: "Older Song" });
  await submit.click();
  await expectToast(page, "Upload successful!", '"Older Song" has been submitted for review.');
  await expect(page.getByRole("button", { name: "New Release" })).toBeVisible();

  // Cancel Upload asks before losing what was typed (issue 33); keeping it keeps it.
  await page.getByRole("button", { name: "New Release" }).click();
  await page.getByLabel("Release Title *").fill("Half typed");
  await page.getByRole("button", { name: "Cancel Upload" }).click();
  const discard = page.getByRole("alertdialog", { name: "Discard this release?" });
  await discard.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Release Title *")).toHaveValue("Half typed");
  await page.getByRole("button", { name: "Cancel Upload" }).click();
  await discard.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("button", { name: "New Release" })).toBeVisible();

  await page.getByRole("button", { name: "New Release" }).click();
  await expect(page.getByLabel("Release Title *")).toHaveValue("");
  await fillRelease(page, { ...VALID, upc: uniqueUpc() });
  await page.getByLabel("Release Type").selectOption("ep");
  await page.getByLabel("Contains explicit content").check();
  await submit.click();
  await expectToast(page, "Upload successful!");

  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole("heading")).toHaveText("Monsoon Nights");
  await expect(cards.first()).toContainText("Pending");
  await expect(cards.first()).toContainText("EXPLICIT");
  await expect(cards.first()).toContainText("EP");
  await expect(cards.nth(1).getByRole("heading")).toHaveText("Older Song");

  // Tabs: Explicit shows the EP only, Clean the other.
  await page.getByRole("tab", { name: "Explicit" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Monsoon Nights");
  await page.getByRole("tab", { name: "Clean" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Older Song");
  await page.getByRole("tab", { name: "All Releases" }).click();

  // Filter by type, then by a status nothing has.
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByLabel("Release type").selectOption("ep");
  await expect(cards).toHaveCount(1);
  await page.getByLabel("Status").selectOption("live");
  await expect(page.getByRole("heading", { name: "No releases found" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(cards).toHaveCount(2);

  // The top bar search finds releases by title.
  await page.getByRole("searchbox", { name: "Search your releases" }).fill("older");
  await page.getByRole("searchbox", { name: "Search your releases" }).press("Enter");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Older Song");

  // Survives a reload: it is stored.
  await page.goto("/app/releases");
  await expect(cards).toHaveCount(2);
});

test("a pending release can be edited and withdrawn after confirmation; its details open from the card", async ({
  page,
}) => {
  await signInNewArtist(page);
  await page.goto("/app/releases?new=1");
  await fillRelease(page, { ...VALID, title: "Draft Song" });
  // Credits and the language sung, for stores and collecting societies.
  await page.getByLabel("Language", { exact: true }).selectOption({ label: "Hindi" });
  await page.getByLabel("Track 1 composers").fill("Asha Rao, Vikram Sen");
  await page.getByLabel("Track 1 lyricists").fill("Gulzar Rao");
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!");

  await page.getByRole("button", { name: "More options for Draft Song" }).click();
  await page.getByRole("menuitem", { name: "Edit release" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Draft Song" });
  // The edit form shows them as they were entered.
  await expect(dialog.getByLabel("Track 1 composers")).toHaveValue("Asha Rao, Vikram Sen");
  await expect(dialog.getByLabel("Language", { exact: true })).toHaveValue("hi");
  await dialog.getByLabel("Release Title *").fill("Final Song");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article").getByRole("heading")).toHaveText("Final Song");

  await page.getByRole("button", { name: "Analytics for Final Song" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Final Song" })).toBeVisible();
  await expect(page.getByText("Total streams")).toBeVisible();
  await expect(page.getByRole("region", { name: "Tracks" })).toContainText(
    "Composers: Asha Rao, Vikram Sen · Lyricist: Gulzar Rao",
  );
  await page.getByRole("link", { name: "Back to releases" }).click();

  await page.getByRole("button", { name: "More options for Final Song" }).click();
  await page.getByRole("menuitem", { name: "Withdraw release" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Withdraw this release?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("button", { name: "More options for Final Song" }).click();
  await page.getByRole("menuitem", { name: "Withdraw release" }).click();
  await confirm.getByRole("button", { name: "Withdraw Release" }).click();
  await expect(page.getByRole("heading", { name: "No releases found" })).toBeVisible();
});

test("the dashboard shows honest zeros, recent releases and the way to upload", async ({ page }) => {
  await signInNewArtist(page, "Dash Artist");
  // A new artist is walked through the first steps (onboarding.spec); the figures below read zero.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Kalrav, Dash Artist!" })).toBeVisible();
  for (const title of ["Total Streams", "Total Listeners", "Total Royalties (INR)", "Growth Rate"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await expect(page.getByText("₹0")).toBeVisible();
  await expect(page.getByText("— from last month")).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "Streams Overview" })).toBeVisible();
  await page.getByRole("tab", { name: "Quarterly" }).click();
  await expect(page.getByText("90 daily bars")).toBeAttached();
  await expect(page.getByText("No platform data yet.", { exact: false })).toBeVisible();
  await expect(page.getByText("No listener locations yet.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Upload New Release" }).click();
  await expect(page).toHaveURL(/\/app\/releases\?new=1$/);
  await fillRelease(page, { ...VALID, title: "Dashboard Single" });
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!");
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("link", { name: "Dashboard Single" })).toBeVisible();
});

test("the artist area works on a phone: the menu is a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInNewArtist(page, "Phone Artist");
  await expect(page.getByRole("navigation", { name: "Artist navigation" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await drawer.getByRole("link", { name: "Releases" }).click();
  await expect(page).toHaveURL(/\/app\/releases$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
