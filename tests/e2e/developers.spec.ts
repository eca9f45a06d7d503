import {
  createArtist,
  expect,
  expectToast,
  hostFile,
  seriousViolations,
  signIn,
  test,
  upgradeToLabelPlan,
} from "./fixtures";

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
  // The reference page sends a request with the key, as a developer tries it before writing code.
  await page.goto("/docs/api");
  await page.getByLabel("Your API key, to try requests from this page").fill(secret);
  const list = page.locator("#get-v1-releases");
  await expect(list.getByRole("figure", { name: /curl example/ })).toContainText(
    "Authorization: Bearer $KALRAV_API_KEY",
  );
  await list.getByText("Try it").click();
  await list.getByRole("button", { name: "Send Request" }).click();
  await expect(list.getByText("Answered 200")).toBeVisible();
  await expect(list.getByRole("figure", { name: "Answer to GET /v1/releases" })).toContainText('"nextCursor": null');
  await page.goto("/app/settings?tab=developers");
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

/**
 * Issue 38: a label's developer registers a webhook endpoint (a private address is refused beside the
 * field), keeps the signing secret shown once, sends a test event and sees it delivered in the log,
 * then rotates the secret.
 */
test("a label registers a webhook endpoint, sees a test event delivered in its log, and rotates the secret", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await createArtist(page, "Webhook Label");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await upgradeToLabelPlan(page);
  await page.goto("/app/settings?tab=developers");
  const form = page.getByRole("form", { name: "New webhook endpoint" });

  // Our own network is out of reach: refused, said beside the address.
  await form.getByLabel("Endpoint address").fill("http://10.0.0.7/hooks");
  await form.getByRole("button", { name: "Add Endpoint" }).click();
  await expect(form.getByText("This address is private or local")).toBeVisible();
  await expect(form.getByLabel("Endpoint address")).toBeFocused();

  // The stand-in host answers 200 at this address (the test hosts a file there).
  const url = await hostFile("kalrav-events", Buffer.from("ok"));
  await form.getByLabel("Endpoint address").fill(url);
  await form.getByLabel(/payout\.paid/).check();
  await form.getByRole("button", { name: "Add Endpoint" }).click();
  const shown = page.getByRole("dialog", { name: `Signing secret for ${url}` });
  const secret = await shown.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole("button", { name: "Done" }).click();

  const card = page.getByRole("heading", { name: url }).locator("..");
  await expect(card).toContainText("release.status_changed, payout.paid");
  await page.getByRole("button", { name: `Send test event to ${url}` }).click();
  await expectToast(page, "Test event queued");
  const log = page.getByRole("table", { name: `Deliveries to ${url}` });
  const row = log.getByRole("row").filter({ hasText: "webhook.test" });
  await expect(row).toContainText("Delivered", { timeout: 15_000 });
  await expect(row).toContainText("HTTP 200");
  await expect(page.getByRole("main")).not.toContainText(secret);

  // A new secret, shown once; the old one signs beside it for a day.
  await page.getByRole("button", { name: `Rotate secret of ${url}` }).click();
  await page
    .getByRole("alertdialog", { name: `Rotate the secret of ${url}?` })
    .getByRole("button", { name: "Rotate Secret" })
    .click();
  const rotated = page.getByRole("dialog", { name: `New signing secret for ${url}` });
  const fresh = await rotated.getByLabel("Signing secret").inputValue();
  expect(fresh).toMatch(/^whsec_/);
  expect(fresh).not.toBe(secret);
  await rotated.getByRole("button", { name: "Done" }).click();
  await expect(card).toContainText("the previous secret also signs until");
});
