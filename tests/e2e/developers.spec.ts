import { createArtist, expect, expectToast, seriousViolations, signIn, test, upgradeToLabelPlan } from "./fixtures";

/**
 * Issue 38 (in part): a label on the Label Plan creates an API key in Settings → Developers, sees its
 * secret once, reads its releases through /api/v1 with it, and revokes it; the API then refuses it.
 */
test("a label creates an API key, reads its catalogue through the API with it, and revokes it", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await createArtist(page, "API Label");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // Before the Label Plan, the page says what it takes.
  await page.goto("/app/settings?tab=developers");
  await expect(page.getByText("API access comes with the Label Plan.")).toBeVisible();

  await upgradeToLabelPlan(page);

  await page.goto("/app/settings");
  await page.getByRole("tab", { name: "Developers" }).click();
  // A key needs a name: said beside the field.
  await page.getByRole("button", { name: "Create Key" }).click();
  await expect(page.getByText("Name the key after what uses it")).toBeVisible();
  await page.getByLabel("Key name").fill("Label website");
  await page.getByLabel(/analytics:read/).check();
  await page.getByRole("button", { name: "Create Key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new key “Label website”" });
  await expect(shown).toContainText("it is shown this once");
  const secret = await shown.getByLabel("API key").inputValue();
  expect(secret).toMatch(/^kal_live_/);
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole("button", { name: "Done" }).click();

  const table = page.getByRole("table", { name: "API keys" });
  await expect(table).toContainText("releases:read, analytics:read");
  await expect(table).not.toContainText(secret);

  // The key reads the catalogue; a session alone does not.
  const api = (key?: string) =>
    page.request.get("/api/v1/releases", { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const listed = await api(secret);
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual({ releases: [], nextCursor: null });
  expect((await api()).status()).toBe(401);
  await page.reload();
  await page.getByRole("tab", { name: "Developers" }).click();
  await expect(page.getByRole("table", { name: "API keys" }).getByRole("row").nth(1)).not.toContainText("Never");

  // Revoked, refused at once.
  await page.getByRole("button", { name: "Revoke Label website" }).click();
  await page
    .getByRole("alertdialog", { name: "Revoke “Label website”?" })
    .getByRole("button", { name: "Revoke Key" })
    .click();
  await expectToast(page, "Key revoked");
  await expect(page.getByRole("table", { name: "API keys" })).toContainText("Revoked");
  const refused = await api(secret);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("API_KEY_INVALID");
});
