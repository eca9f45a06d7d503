import {
  adminInNewBrowser,
  createArtist,
  expect,
  expectToast,
  searchTable,
  seriousViolations,
  signIn,
  test,
} from "./fixtures";

/**
 * Issue 39 (in part): on a phone, an artist titles a release in Devanagari; the Latin form stores need
 * is suggested as they type, refused beside its field when emptied, and kept; the artist's list and
 * the admin's show both forms, and the admin finds the release by its Latin form.
 */
test("on a phone, a release titled in Devanagari keeps its suggested Latin form, and the admin sees both", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const artist = await createArtist(page, "Script Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/releases?new=1");
  const title = `मेरा दिल ${Date.now() % 100000}`;
  await page.getByLabel("Release Title *", { exact: true }).fill(title);
  const latin = page.getByLabel("Title in Latin letters *");
  await expect(latin).toHaveValue(/^Mera Dil \d+$/);
  await page.getByLabel("Artist Name *", { exact: true }).fill("Script Artist");
  await page.getByLabel("Release Date *", { exact: true }).fill("2027-02-14");
  await page.getByLabel("Audio File URL", { exact: true }).fill("https://cdn.example.com/dil.wav");
  await page.getByLabel("Cover Art URL", { exact: true }).fill("https://cdn.example.com/dil.jpg");
  await page.getByLabel("No, people made all of it").check();

  // Emptied, the Latin form is asked for beside its field, and nothing is sent.
  await latin.fill("");
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expect(latin).toHaveAccessibleDescription(/Add the title in Latin letters/);
  await expect(latin).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  const spelled = `Meraa Dil ${title.split(" ").at(-1)}`;
  await latin.fill(spelled);
  await page.getByRole("button", { name: "Submit Release" }).click();
  await expectToast(page, "Upload successful!");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText(spelled)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const admin = await adminInNewBrowser(browser);
  await admin.goto("/admin/releases");
  await searchTable(admin, "Search releases", spelled);
  const row = admin.getByRole("row").filter({ hasText: spelled });
  await expect(row).toContainText(title);
});
