import { createArtist, expect, expectToast, signIn, test } from "./fixtures";

test("an artist upgrades, the choice persists after reload, shows on pricing, and can be cancelled at period end", async ({
  page,
}) => {
  const artist = await createArtist(page, "Plan Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByRole("navigation", { name: "Artist navigation" }).getByRole("link", { name: "Subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Your Subscription" })).toBeVisible();

  const basic = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Basic Artist" }) });
  await expect(basic.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeDisabled();
  await page.getByRole("button", { name: "Manage Billing" }).click();
  await expect(page.getByRole("dialog", { name: "Billing history" })).toContainText("No billing records yet");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Upgrade Plan: Pro Artist" }).click();
  await expectToast(page, "Subscription Updated!", "You are now on the Pro Artist plan.");
  const pro = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Pro Artist" }) });
  await expect(pro.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Downgrade Plan: Basic Artist" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade Plan: Label Plan" })).toBeVisible();

  await page.reload();
  await expect(pro.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await page.getByRole("button", { name: "Manage Billing" }).click();
  const billing = page.getByRole("dialog", { name: "Billing history" });
  await expect(billing.getByRole("row", { name: /Pro Artist Active/ })).toContainText("₹999");
  await page.keyboard.press("Escape");

  await page.goto("/pricing");
  const proCard = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Pro Artist", exact: true }) });
  await expect(proCard.getByRole("button", { name: "Current Plan" })).toBeDisabled();

  await page.goto("/app/subscriptions");
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
  await expectToast(page, "Subscription cancelled");
  await expect(page.getByText("Cancels at period end")).toBeVisible();
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await expectToast(page, "Subscription resumed");
});
