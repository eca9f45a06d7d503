import {
  createArtist,
  expect,
  expectToast,
  hostArtwork,
  hostWav,
  seriousViolations,
  signIn,
  test,
  uniqueUpc,
  upgradeToLabelPlan,
} from "./fixtures";

const COLUMNS = [
  "release_title",
  "release_artist",
  "upc",
  "release_date",
  "language",
  "artwork",
  "track_title",
  "audio",
];
const csv = (rows: string[][]) => [COLUMNS.join(","), ...rows.map((r) => r.join(","))].join("\n");

/**
 * Issue 38: a label moves its catalogue in. The dry run shows one release with a warning and one
 * blocking; the blocking one is fixed in the file, the file checked again, then imported with a
 * progress bar, and the releases are in the catalogue pending review.
 */
test("a label imports a CSV: a dry run with a warning and a blocking release, fixed, then imported with progress", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await createArtist(page, "Import Label");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await upgradeToLabelPlan(page);
  await page.getByRole("link", { name: "Import catalogue" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Import your catalogue" })).toBeVisible();

  // The template downloads with every column named.
  const template = await page.request.get("/api/catalogue-imports/template");
  expect(await template.text()).toContain("release_title,release_artist,release_type,upc");

  // Nothing chosen: said beside the fields.
  const form = page.getByRole("form", { name: "Check a catalogue file" });
  await form.getByRole("button", { name: "Check File" }).click();
  await expect(form.getByText("Choose your catalogue file")).toBeVisible();
  await expect(form.getByLabel("Catalogue file")).toBeFocused();

  const [artwork, audio1, audio2, audio3] = await Promise.all([hostArtwork(), hostWav(), hostWav(), hostWav()]);
  const stamp = Date.now();
  const ok = [`Ready ${stamp}`, "Import Label", uniqueUpc(), "2027-06-01", "hi", artwork, `Ready ${stamp}`, audio1];
  const warned = [`Warned ${stamp}`, "Import Label", "", "2027-06-01", "xx", artwork, `Warned ${stamp}`, audio2];
  const goodUpc = uniqueUpc();
  const badUpc = `${goodUpc.slice(0, -1)}${(Number(goodUpc.at(-1)) + 1) % 10}`;
  const blocked = [`Blocked ${stamp}`, "Import Label", badUpc, "2027-06-01", "", artwork, `Blocked ${stamp}`, audio3];

  const sendFile = async (body: string) => {
    await form
      .getByLabel("Catalogue file")
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(body) });
    const ai = form.getByLabel(/None of these releases was made with AI/);
    if (!(await ai.isChecked())) await ai.check();
    await form.getByRole("button", { name: "Check File" }).click();
    await expectToast(page, "File received");
  };
  await sendFile(csv([ok, warned, blocked]));
  await expect(page.getByRole("status").filter({ hasText: "Checked: ready to import" })).toBeVisible({
    timeout: 15_000,
  });
  const dryRun = page.getByRole("list", { name: "Dry run" });
  await expect(dryRun).toContainText("OK: 1");
  await expect(dryRun).toContainText("Warnings: 1");
  await expect(dryRun).toContainText("Blocking: 1");
  const table = page.getByRole("table", { name: "Releases in the file" });
  await expect(table.getByRole("row").filter({ hasText: `Warned ${stamp}` })).toContainText(
    'Language "xx" is not one we can send to stores',
  );
  await expect(table.getByRole("row").filter({ hasText: `Blocked ${stamp}` })).toContainText("Blocking");
  expect(await seriousViolations(page)).toEqual([]);

  // The blocking release fixed in the file (its real UPC), checked again: nothing blocks.
  await sendFile(csv([ok, warned, [...blocked.slice(0, 2), goodUpc, ...blocked.slice(3)]]));
  await expect(page.getByRole("status").filter({ hasText: "Checked: ready to import" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(dryRun).toContainText("Blocking: 0");
  await page.getByRole("button", { name: "Import 3 releases" }).click();
  await page
    .getByRole("alertdialog", { name: "Import 3 releases?" })
    .getByRole("button", { name: "Start Import" })
    .click();
  await expectToast(page, "Import started");
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByText("Imported 3 releases: each is pending review")).toBeVisible({ timeout: 30_000 });

  // In the catalogue, with the codes from the file.
  await page.goto("/app/releases");
  for (const title of [`Ready ${stamp}`, `Warned ${stamp}`, `Blocked ${stamp}`])
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
});
