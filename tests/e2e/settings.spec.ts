import { totpFromUri } from "#server/test/totp";
import { createArtist, expect, expectToast, signIn, test } from "./fixtures";

test("profile, payment and notification settings are saved and survive a reload", async ({ page }) => {
  const artist = await createArtist(page, "Settings Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  await page.getByLabel("Full Name").fill("Asha Rao");
  await page.getByLabel("Bio").fill("Indie songwriter from Kolkata");
  await page.getByLabel("Website").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Profile" }).click();
  // Said beside the field at fault, which takes the focus; nothing is saved.
  await expect(page.getByLabel("Website")).toHaveAccessibleDescription(
    "Please enter a website starting with http:// or https://.",
  );
  await expect(page.getByLabel("Website")).toBeFocused();
  await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Website").fill("https://asha.example");
  await page.getByLabel("Instagram").fill("@asha.music");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expectToast(page, "Profile Updated");
  await expect(page.getByRole("banner").getByText("Asha Rao")).toBeVisible();

  await page.getByRole("tab", { name: "Payment" }).click();
  // One form (issue 34): where the payee lives comes first; India's is the default, with no US tax form.
  await expect(page.getByRole("heading", { level: 2, name: "Payee details" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "In India" })).toBeChecked();
  await expect(page.getByLabel("Tax form")).toHaveCount(0);
  await page.getByRole("radio", { name: "Outside India" }).check();
  await page.getByLabel("Legal name (account holder)").fill("Asha Rao");
  await page.getByRole("radio", { name: "Bank Transfer" }).check();
  await page.getByLabel("Account number or IBAN").fill("DE89370400440532019012");
  await page.getByLabel("SWIFT/BIC or routing number").fill("HDFC0001234");
  await page.getByLabel("Bank name").fill("Deutsche Bank");
  await page.getByRole("button", { name: "Save Payment Details" }).click();
  // Each message beside its field; the first in error takes the focus.
  await expect(page.getByLabel("SWIFT/BIC or routing number")).toBeFocused();
  await expect(page.getByLabel("SWIFT/BIC or routing number")).toHaveAccessibleDescription(
    "Enter the bank's SWIFT/BIC code (e.g. DEUTDEFF) or a 9-digit ABA routing number.",
  );
  await expect(page.getByLabel("Tax form")).toHaveAccessibleDescription("Choose the tax form that applies to you.");
  await page.getByLabel("SWIFT/BIC or routing number").fill("DEUTDEFF");
  await page.getByLabel("Tax form").selectOption("w8ben");
  await page.getByRole("button", { name: "Save Payment Details" }).click();
  await expectToast(page, "Payment Details Updated");

  await page.getByRole("tab", { name: "Notifications" }).click();
  const marketing = page.getByRole("switch", { name: "News and offers by e-mail" });
  await expect(marketing).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Release updates by e-mail" })).toHaveAttribute("aria-checked", "true");
  await marketing.click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expectToast(page, "Preferences Updated");

  await page.reload();
  await expect(page.getByLabel("Bio")).toHaveValue("Indie songwriter from Kolkata");
  await expect(page.getByLabel("Website")).toHaveValue("https://asha.example");
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByRole("radio", { name: "Outside India" })).toBeChecked();
  await expect(page.getByText(/Saved: ending 9012/)).toBeVisible();
  await expect(page.getByLabel("Account number or IBAN")).toHaveValue("");
  await expect(page.getByLabel("Tax form")).toHaveValue("w8ben");
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByRole("switch", { name: "News and offers by e-mail" })).toHaveAttribute("aria-checked", "true");
});

test("a password change needs a match and 8 characters", async ({ page }) => {
  const artist = await createArtist(page);
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByLabel("Current password").fill(artist.password);
  await page.getByLabel("New password", { exact: true }).fill("short12");
  await page.getByLabel("Confirm new password").fill("short13");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password Mismatch", "New passwords do not match.");
  await page.getByLabel("Confirm new password").fill("short12");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Weak Password", "New password must be at least 8 characters.");
  await page.getByLabel("New password", { exact: true }).fill("longer-password");
  await page.getByLabel("Confirm new password").fill("longer-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password Updated");
});

test("two-factor authentication: enable with an authenticator code, then sign-in asks for one", async ({ page }) => {
  const artist = await createArtist(page, "Secure Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByLabel("Your password").fill(artist.password);
  await page.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel("Code from your authenticator app").fill(totpFromUri(`otpauth://totp/x?secret=${key}`));
  await page.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expectToast(page, "Two-Factor Authentication Enabled");
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, artist.email, artist.password);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not valid. Enter the current 6-digit code from your authenticator app.",
  );
  // Said beside the code field, which keeps the focus for the next try.
  await expect(page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await page.getByLabel("Authentication code").fill(totpFromUri(`otpauth://totp/x?secret=${key}`));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("deleting the account asks for confirmation and the password", async ({ page }) => {
  const artist = await createArtist(page, "Leaving Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Account Permanently?" });
  await expect(dialog).toContainText("cannot be undone");
  await expect(dialog.getByRole("button", { name: "Delete Account Permanently" })).toBeDisabled();
  await dialog.getByLabel("Enter your password to confirm").fill(artist.password);
  await dialog.getByRole("button", { name: "Delete Account Permanently" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expectToast(page, "Account Deleted");
  await signIn(page, artist.email, artist.password);
  await expectToast(page, "Login Failed");
});
