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
 * is suggested as they type, refused beside its field when emptied, and kept; the track's lyrics go in
 * Devanagari with their suggested Latin form and time-synced lines (a line without its time refused);
 * the artist's list and the admin's show both forms, the admin finds the release by its Latin form and
 * reads its lyrics.
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

  // The track's own language, then its lyrics in Devanagari: their Latin form suggested line by line,
  // and time-synced lines checked.
  await page.getByLabel("Track 1 language").selectOption("hi");
  await page.getByText("Track 1 lyrics (optional)").click();
  await page.getByLabel("Track 1 lyrics", { exact: true }).fill("मेरा दिल\nतेरा है");
  await page.getByRole("button", { name: "Suggest from the lyrics" }).click();
  await expect(page.getByLabel("Track 1 lyrics in Latin letters *")).toHaveValue("Mera dil\nTera hai");
  const synced = page.getByLabel("Track 1 time-synced lyrics (LRC)");
  await synced.fill("[00:01.00]मेरा दिल\nतेरा है");
  await page.getByRole("button", { name: "Submit Release" }).click();
  // Beside the tracks it is about (a toast says it too).
  await expect(
    page
      .getByRole("group", { name: "Tracks" })
      .getByText("Track 1: Time-synced lyrics, line 2: start it with its time"),
  ).toBeVisible();
  await synced.fill("[00:01.00]मेरा दिल\n[00:04.50]तेरा है");

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
  // The reviewer reads the lyrics in both forms, and the synced lines.
  await row.getByRole("button", { name: `Review ${title}` }).click();
  const review = admin.getByRole("dialog");
  await review.getByText(/^Track 1: /).click();
  await expect(review.getByText("मेरा दिल तेरा है")).toBeVisible();
  await expect(review.getByText("Mera dil Tera hai")).toBeVisible();
  await expect(review.getByText("[00:04.50]तेरा है")).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
});
