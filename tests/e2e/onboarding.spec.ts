import type { Page } from "@playwright/test";
import { createArtist, expect, expectToast, payForPlan, seriousViolations, signIn, test } from "./fixtures";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

function step(page: Page, title: RegExp) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
}

for (const viewport of VIEWPORTS) {
  test(`a new artist is walked through plan, payout details and a first release (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const artist = await createArtist(page, "Nila Das");
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Kalrav, Nila Das!" })).toBeVisible();
    // The first Tab after signing in lands on the page (its skip link), not on the "Login Successful" toast.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    const checklist = page.getByRole("region", { name: "Get started" });
    await expect(checklist.getByText("0 of 3 done")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // 1. The plan: the step leads to the Subscription screen; paying ticks it.
    await step(page, /Choose and pay for a plan/)
      .getByRole("link", { name: "Choose a Plan" })
      .click();
    await expect(page).toHaveURL(/\/app\/subscriptions$/);
    await payForPlan(page);
    await page.goto("/app/dashboard");
    await expect(checklist.getByText("1 of 3 done")).toBeVisible();
    await expect(step(page, /Choose and pay for a plan/).getByText("Done", { exact: true })).toBeVisible();

    // 2. Payout details: the step opens Settings on its Payment tab.
    await step(page, /Add your payout details/)
      .getByRole("link", { name: "Add Payout Details" })
      .click();
    await expect(page).toHaveURL(/\/app\/settings\?tab=payment$/);
    await expect(page.getByRole("tab", { name: "Payment" })).toHaveAttribute("aria-selected", "true");
    // An Indian payee: a bank account checked with the payout provider (the built-in test provider here).
    await page.getByLabel("Legal name (as on PAN)").fill("Nila Das");
    await page.getByRole("radio", { name: "Bank account" }).check();
    await page.getByLabel("Account number").fill("123456789012");
    await page.getByLabel("IFSC").fill("HDFC0001234");
    await page.getByRole("button", { name: "Save and verify" }).click();
    await expectToast(page, "Payment Details Updated");
    await page.goto("/app/dashboard");
    await expect(checklist.getByText("2 of 3 done")).toBeVisible();

    // 3. The first release: once it exists the dashboard welcomes the artist back instead.
    await step(page, /Upload your first release/)
      .getByRole("link", { name: "Upload a Release" })
      .click();
    await expect(page).toHaveURL(/\/app\/releases\?new=1$/);
    await page.getByLabel("Release Title *", { exact: true }).fill("First Light");
    await page.getByLabel("Artist Name *", { exact: true }).fill("Nila Das");
    await page.getByLabel("Release Date *", { exact: true }).fill("2027-01-15");
    await page.getByLabel("Audio File URL", { exact: true }).fill("https://cdn.example.com/first.wav");
    await page.getByLabel("Cover Art URL", { exact: true }).fill("https://cdn.example.com/first.jpg");
    await page.getByLabel("No, people made all of it").check();
    await page.getByRole("button", { name: "Submit Release" }).click();
    await expectToast(page, "Upload successful!");
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Nila Das!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Get started" })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
