import type { Locator, Page } from "@playwright/test";
import { adminInNewBrowser, createArtist, expect, searchTable, signIn, test } from "./fixtures";

/**
 * Issue 33: when a dialog closes, focus goes back to the control that opened it (or, for a menu's
 * item, to the menu's button), so a keyboard or screen-reader user carries on where they were.
 * Each dialog is opened from the keyboard and closed with Escape.
 */
async function opensAndReturns(page: Page, opener: Locator, dialogName: string | RegExp, returnsTo = opener) {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName }).or(page.getByRole("alertdialog", { name: dialogName }));
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(returnsTo).toBeFocused();
}

test("every dialog gives focus back to where it was opened", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const title = `Focus Song ${Date.now()}`;
  const artist = await createArtist(page, "Focus Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      title,
      artistName: "Focus Artist",
      releaseDate: "2026-12-01",
      audioFileUrl: "https://x.example/a.wav",
      coverArtUrl: "https://x.example/a.jpg",
    },
    headers: { origin },
  });
  expect(created.ok()).toBeTruthy();

  // The release menu's dialogs: focus returns to the menu's button (the item itself is gone).
  await page.goto("/app/releases");
  const menu = page.getByRole("button", { name: `More options for ${title}` });
  for (const [item, dialog] of [
    ["Edit release", `Edit ${title}`],
    ["Withdraw release", /Withdraw/],
  ] as const) {
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: item }).click();
    const open = page.getByRole("dialog", { name: dialog }).or(page.getByRole("alertdialog", { name: dialog }));
    await expect(open).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(open).toBeHidden();
    await expect(menu).toBeFocused();
  }

  // Billing and checkout on the plans page.
  await page.goto("/app/subscriptions");
  await opensAndReturns(page, page.getByRole("button", { name: "Manage Billing" }), "Billing");
  await opensAndReturns(page, page.getByRole("button", { name: "Upgrade Plan: Pro Artist" }), "Pro Artist: checkout");

  // A support ticket's thread.
  const ticket = await page.request.post("/api/tickets", {
    data: { subject: "Focus question", description: "Where does focus go?" },
    headers: { origin },
  });
  expect(ticket.ok()).toBeTruthy();
  await page.goto("/app/support");
  await opensAndReturns(page, page.getByRole("button", { name: /^View Details of #/ }).first(), /Focus question/);

  // The admin's review, reject and edit-metadata dialogs.
  const admin = await adminInNewBrowser(browser);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", title);
  for (const [button, dialog] of [
    [`Review ${title}`, title],
    [`Reject ${title}`, `Reject ${title}`],
    [`Edit Metadata of ${title}`, /Edit/],
  ] as const) {
    await opensAndReturns(admin, admin.getByRole("button", { name: button, exact: true }), dialog);
  }
  await admin.context().close();
});
