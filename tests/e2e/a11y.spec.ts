import type { Page } from "@playwright/test";
import {
  createArtist,
  E2E_ADMIN,
  expect,
  hostArtwork,
  hostWav,
  seriousViolations,
  signIn,
  test,
  waitForQualityCheck,
} from "./fixtures";

const THEMES = ["light", "dark"] as const;

/**
 * Serious or critical axe findings on the page as it is now, named for the report. The light sweep
 * runs every rule; the dark one the rules that read colours, the only thing the theme changes.
 */
async function seriousFindings(page: Page, where: string, theme: (typeof THEMES)[number]) {
  return (await seriousViolations(page, { coloursOnly: theme === "dark" })).map((v) => `${where}: ${v}`);
}

/** Visits each page in one theme (the theme is what the app stores in localStorage) and collects axe's findings. */
async function sweep(page: Page, theme: (typeof THEMES)[number], paths: readonly string[]) {
  const found: string[] = [];
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Wait for data to load: no "Loading…" placeholders left.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    found.push(...(await seriousFindings(page, `${path} (${theme})`, theme)));
  }
  return found;
}

// One test per theme: each sweep is a minute of axe runs, and CI's two cores are shared.
for (const theme of THEMES) {
  test(`every page of the artist area passes axe with no serious issue (${theme} theme)`, async ({ page }) => {
    test.setTimeout(150_000);
    const artist = await createArtist(page, "Accessible Artist");
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const created = await page.request.post("/api/releases", {
      data: {
        aiUsed: "no",
        title: "Accessible Song",
        artistName: "Accessible Artist",
        releaseDate: "2026-12-24",
        audioFileUrl: await hostWav(),
        coverArtUrl: await hostArtwork(),
      },
      headers: { origin: new URL(page.url()).origin },
    });
    const id = (await created.json()).release.id as string;
    await waitForQualityCheck(page, id);
    const found = await sweep(page, theme, [
      "/app/dashboard",
      "/app/releases",
      `/app/releases/${id}`,
      "/app/analytics",
      "/app/royalties",
      "/app/subscriptions",
      "/app/support",
      "/app/settings",
      "/app/cases",
      "/app/import",
    ]);
    // The split form open on the release page.
    await page.goto(`/app/releases/${id}`);
    await page.getByRole("button", { name: "Add split for Accessible Song" }).click();
    await expect(page.getByRole("form", { name: "Split sheet" })).toBeVisible();
    found.push(...(await seriousFindings(page, `split form (${theme})`, theme)));
    // The edit dialog and the upload form, too.
    await page.goto("/app/releases");
    await page.getByRole("button", { name: "More options for Accessible Song" }).click();
    await page.getByRole("menuitem", { name: "Edit release" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Accessible Song" });
    await expect(edit).toBeVisible();
    found.push(...(await seriousFindings(page, `edit dialog (${theme})`, theme)));
    // With the upload form open beside it, every field still has its own label (ids are per form).
    await edit.getByRole("button", { name: "Close" }).click();
    // Closing gives focus back to where the dialog came from (the release's menu button).
    await expect(page.getByRole("button", { name: "More options for Accessible Song" })).toBeFocused();
    await page.getByRole("button", { name: "New Release" }).click();
    await expect(page.getByRole("heading", { name: "Upload New Release" })).toBeVisible();
    found.push(...(await seriousFindings(page, `upload form (${theme})`, theme)));
    expect(found).toEqual([]);
  });

  test(`every page of the admin area passes axe with no serious issue (${theme} theme)`, async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const found = await sweep(page, theme, [
      "/admin/dashboard",
      "/admin/users",
      "/admin/releases",
      "/admin/deliveries",
      "/admin/subscriptions",
      "/admin/tickets",
      "/admin/reports",
      "/admin/payouts",
      "/admin/cases",
    ]);
    expect(found).toEqual([]);
  });
}
