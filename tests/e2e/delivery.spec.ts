import {
  createArtist,
  E2E_ADMIN,
  expect,
  expectToast,
  hostArtwork,
  hostWav,
  payForPlan,
  searchTable,
  signIn,
  test,
} from "./fixtures";

test("a mono 22.05 kHz WAV is caught by the quality check; fixed, approved and delivered to every store", async ({
  page,
  browser,
}) => {
  // Two browsers, two quality checks and six deliveries: 60 s was once too close on 2 cores.
  test.setTimeout(180_000);
  const title = `Delivered Song ${Date.now()}`;
  const artwork = await hostArtwork();
  const monoWav = await hostWav({ sampleRate: 22_050, channels: 1 });
  const goodWav = await hostWav({ sampleRate: 48_000, bitDepth: 24, channels: 2 });

  const artist = await createArtist(page, "Quality Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // Deliveries go to stores once the plan is paid.
  await payForPlan(page);
  await page.goto("/app/releases");
  await page.getByRole("button", { name: "Upload Your First Release" }).click();
  await page.getByLabel("Release Title *").fill(title);
  await page.getByLabel("Artist Name *").fill("Quality Artist");
  await page.getByLabel("Release Date *").fill("2026-12-24");
  await page.getByLabel("Audio File URL", { exact: true }).fill(monoWav);
  await page.getByLabel("Cover Art URL", { exact: true }).fill(artwork);
  await page.getByLabel("No, people made all of it").check();
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!", `"${title}" has been submitted for review.`);

  // The artist sees the blocking findings on the release, each with its fix.
  await page.getByRole("button", { name: `Analytics for ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const quality = page.getByRole("region", { name: "Quality check" });
  await expect(quality.getByText("2 blocking")).toBeVisible({ timeout: 15_000 });
  await expect(quality.getByText("This audio is mono; stores take stereo.")).toBeVisible();
  await expect(quality.getByText("The sample rate is 22.05 kHz; stores need at least 44.1 kHz.")).toBeVisible();
  await expect(quality.getByText(/How to fix: Export a stereo \(2-channel\) file/)).toBeVisible();

  // The admin cannot approve it yet.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", title);
  // Approve is disabled, with the reason beside it.
  const approve = admin.getByRole("button", { name: `Approve ${title}` });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(
    "This release has 2 blocking quality findings; fix them before approving.",
  );

  // The artist replaces the audio with a 24-bit 48 kHz stereo file.
  await page.goto("/app/releases");
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText("Needs fixes");
  await page.getByRole("button", { name: `More options for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Edit release" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${title}` });
  await edit.getByLabel("Audio File URL", { exact: true }).fill(goodWav);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Release updated");
  await page.getByRole("button", { name: `Analytics for ${title}` }).click();
  await expect(quality.getByText("No problems found.")).toBeVisible({ timeout: 15_000 });
  await expect(quality.getByText("0 blocking")).toBeVisible();

  // The admin reviews and approves; every store receives it.
  await admin.getByRole("button", { name: `Review ${title}` }).click();
  const review = admin.getByRole("dialog", { name: `Review ${title}` });
  await expect(review.getByText("No problems found.")).toBeVisible();
  await review.getByRole("button", { name: "Approve" }).click();
  // Approving asks first, naming the release.
  await admin
    .getByRole("alertdialog", { name: /^Approve / })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(review.getByRole("status").filter({ hasText: "Release approved" })).toBeVisible();
  const deliveries = review.getByRole("table").filter({ has: admin.getByRole("columnheader", { name: "Store" }) });
  for (const store of ["Spotify", "Apple Music", "YouTube Music", "Amazon Music", "JioSaavn", "Gaana"]) {
    await expect(deliveries.getByRole("row").filter({ hasText: store })).toContainText("Sent", { timeout: 15_000 });
  }
  await expect(review.getByText("Delivered to 6 of 6 stores")).toBeVisible();
  await expect(review.getByText(/^UPC 8901234\d{6}$/)).toBeVisible();

  // The artist's page says where it really is: on its way to every store for its date.
  await page.reload();
  await expect(page.getByText("Goes live on stores 24 Dec 2026").first()).toBeVisible();
  // Approved and delivered with its date ahead: scheduled, not "Live" (issue 33).
  await expect(page.getByText("Scheduled — goes live 24 Dec 2026", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Stores" }).getByRole("row").filter({ hasText: "Gaana" })).toContainText(
    "Delivered, waiting for the store",
  );
  await expect(page.getByRole("region", { name: "Tracks" }).getByText(/^INZZZ\d{7}$/)).toBeVisible();
  await adminContext.close();
});
