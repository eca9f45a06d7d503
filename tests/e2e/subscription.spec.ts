import {
  createArtist,
  E2E_ADMIN,
  expect,
  expectToast,
  hostArtwork,
  hostWav,
  payForPlan,
  searchTable,
  seriousViolations,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

test("a new artist is on Basic unpaid, upgrades to Pro through the test gateway by UPI, and downloads the GST invoice", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const artist = await createArtist(page, "Plan Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // The dashboard says plainly that deliveries wait for payment.
  await expect(page.getByRole("heading", { name: "Your plan is not paid yet" })).toBeVisible();
  await page.getByRole("navigation", { name: "Artist navigation" }).getByRole("link", { name: "Subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText("Not paid yet", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeDisabled();
  await page.getByRole("button", { name: "Manage Billing" }).click();
  const billing = page.getByRole("dialog", { name: "Billing" });
  await expect(billing).toContainText("No invoices yet");
  await expect(billing).toContainText("No payments yet.");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Upgrade Plan: Pro Artist" }).click();
  const checkout = page.getByRole("dialog", { name: "Pro Artist: checkout" });
  await expect(checkout.getByRole("region", { name: "Amount" })).toContainText("You pay today₹999.00");
  // Errors beside the field, focus on it, nothing opened.
  await checkout.getByRole("button", { name: "Pay ₹999.00" }).click();
  await expect(checkout.getByText("Choose your billing state.")).toBeVisible();
  await expect(checkout.getByLabel("Billing state")).toBeFocused();
  await expect(checkout.getByLabel("Billing state")).toHaveAttribute("aria-invalid", "true");
  await checkout.getByLabel("Billing state").selectOption("West Bengal");
  await expect(checkout.getByText("CGST @ 9%")).toBeVisible();
  await checkout.getByRole("button", { name: "Pay ₹999.00" }).click();

  // The built-in test gateway says what it is, with the amount and its GST.
  await expect(page.getByRole("heading", { level: 1, name: "Test gateway checkout" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("no money moves");
  await expect(page.getByText("₹999.00", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("radio", { name: "UPI" }).check();
  await page.getByRole("button", { name: "Pay ₹999.00" }).click();

  await expectToast(page, "Subscription Updated!", "You are now on the Pro Artist plan.");
  const pro = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Pro Artist" }) });
  await expect(pro.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByRole("heading", { name: "Your plan is not paid yet" })).toHaveCount(0);
  await page.reload();
  await expect(pro.getByRole("button", { name: "Current Plan" })).toBeDisabled();

  await page.getByRole("button", { name: "Manage Billing" }).click();
  await expect(billing).toContainText("UPI Autopay");
  const invoiceLink = billing.getByRole("link", { name: /^Download invoice KAL\/\d{4}-\d{2}\/\d{6}$/ });
  const downloading = page.waitForEvent("download");
  await invoiceLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^KAL-\d{4}-\d{2}-\d{6}\.pdf$/);
  const bytes = await import("node:fs/promises").then(async (fs) => fs.readFile((await download.path()) as string));
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await page.keyboard.press("Escape");

  await page.goto("/pricing");
  const proCard = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Pro Artist", exact: true }) });
  await expect(proCard.getByRole("button", { name: "Current Plan" })).toBeDisabled();

  // Cancel at period end, then resume.
  await page.goto("/app/subscriptions");
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
  await expectToast(page, "Subscription cancelled");
  await expect(page.getByText("Cancels at period end")).toBeVisible();
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await expectToast(page, "Subscription resumed");
});

test("a failed payment leaves the plan unchanged and says why", async ({ page }) => {
  const artist = await createArtist(page, "Declined Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/subscriptions");
  await page.getByRole("button", { name: "Upgrade Plan: Label Plan" }).click();
  const checkout = page.getByRole("dialog", { name: "Label Plan: checkout" });
  await checkout.getByLabel("Billing state").selectOption("Maharashtra");
  await expect(checkout.getByText("IGST @ 18%")).toBeVisible();
  await checkout.getByRole("button", { name: "Pay ₹1,999.00" }).click();
  await page.getByRole("radio", { name: "Card" }).check();
  await page.getByRole("button", { name: "Fail payment" }).click();
  await expectToast(page, "Payment failed");
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
    "Your payment did not go through. Your plan has not changed and nothing was charged.",
  );
  await expect(page.getByText("Not paid yet", { exact: true })).toBeVisible();
  const basic = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Basic Artist" }) });
  await expect(basic.getByRole("button", { name: /Pay for Basic Artist/ })).toBeVisible();
});

test("a lapsed artist's live release stays Live, and the screen says so", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Stays Live ${Date.now()}`;
  const artwork = await hostArtwork();
  const audio = await hostWav({ sampleRate: 48_000, bitDepth: 24, channels: 2 });
  const artist = await createArtist(page, "Lapsing Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await payForPlan(page);

  await page.goto("/app/releases");
  await page.getByRole("button", { name: "Upload Your First Release" }).click();
  await page.getByLabel("Release Title *").fill(title);
  await page.getByLabel("Artist Name *").fill("Lapsing Artist");
  await page.getByLabel("Release Date *").fill("2026-12-24");
  await page.getByLabel("Audio File URL", { exact: true }).fill(audio);
  await page.getByLabel("Cover Art URL", { exact: true }).fill(artwork);
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!", `"${title}" has been submitted for review.`);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", title);
  await admin.getByRole("button", { name: `Review ${title}` }).click();
  const review = admin.getByRole("dialog", { name: `Review ${title}` });
  await expect(review.getByText("No problems found.")).toBeVisible({ timeout: 15_000 });
  await review.getByRole("button", { name: "Approve" }).click();
  // Approving asks first, naming the release.
  await admin
    .getByRole("alertdialog", { name: /^Approve / })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(review.getByRole("status").filter({ hasText: "Release approved" })).toBeVisible();

  // The plan ends (an admin cancels it, as a halted renewal would end it).
  await admin.goto("/admin/subscriptions");
  await searchTable(admin, "Search subscriptions", artist.email);
  // The subscriptions table (the payments table below lists the artist's payment too).
  const row = admin.getByRole("table").first().getByRole("row").filter({ hasText: artist.email });
  await row.getByRole("button", { name: "Cancel subscription of Lapsing Artist" }).click();
  await expect(row).toContainText("Cancelled");
  await adminContext.close();

  await page.goto("/app/subscriptions");
  await expect(page.getByRole("heading", { name: "Your plan has lapsed" })).toBeVisible();
  await expect(page.getByText("Your live releases stay live and keep earning.", { exact: false })).toBeVisible();
  await page.goto("/app/releases");
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText("Live");
});

test("Get Started on a plan card carries the plan through registration and sign-in to its checkout", async ({
  page,
}) => {
  // On a phone, where a toast spans the screen's foot.
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail();
  await page.goto("/pricing");
  await page.getByRole("link", { name: "Get Started: Pro Artist" }).click();
  await expect(page).toHaveURL(/\/register\?plan=pro_artist$/);
  await page.getByLabel("Full Name / Artist Name").fill("Carried Plan");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm Password").fill("secret1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?email=.+&plan=pro_artist$/);
  // The router keeps the register form on screen until the sign-in page's code has loaded.
  await expect(page.getByLabel("Confirm Password")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill("secret1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/subscriptions$/);
  const checkout = page.getByRole("dialog", { name: "Pro Artist: checkout" });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByLabel("Name on invoice")).toHaveValue("Carried Plan");
  // The sign-in's toast does not sit over the checkout: the dialog closed it (a toast lasts 5 s, so
  // waiting longer than a moment would pass without the fix).
  await expect(page.getByText("Login Successful")).toHaveCount(0, { timeout: 1000 });
  await checkout.getByRole("button", { name: "Pay ₹999.00" }).scrollIntoViewIfNeeded();
  await expect(checkout.getByRole("button", { name: "Pay ₹999.00" })).toBeInViewport();
});
