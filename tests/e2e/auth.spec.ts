import AxeBuilder from "@axe-core/playwright";
import { createArtist, E2E_ADMIN, expect, expectToast, latestMailTo, signIn, test, uniqueEmail } from "./fixtures";

test.describe("registration", () => {
  test("shows the validation messages in the spec's order", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Your Account");
    const submit = page.getByRole("button", { name: "Create Account" });
    const error = page.getByRole("alert");

    await submit.click();
    await expect(error).toHaveText("Please fill in all fields");
    // Each message sits beside its field, which says so and takes focus.
    const name = page.getByLabel("Full Name / Artist Name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please fill in all fields");

    await page.getByLabel("Full Name / Artist Name").fill("Asha Rao");
    await page.getByLabel("Email Address").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm Password").fill("abd");
    await submit.click();
    await expect(error).toHaveText("Passwords do not match");
    await expect(page.getByLabel("Confirm Password")).toBeFocused();
    await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Confirm Password").fill("abc");
    await submit.click();
    await expect(error).toHaveText("Password must be at least 6 characters");
  });

  test("registers, lands on /login, then signs in to the artist dashboard", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/register");
    await page.getByLabel("Full Name / Artist Name").fill("Meera Sen");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret1");
    await page.getByLabel("Confirm Password").fill("secret1");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    await expectToast(page, "Registration Successful", "Welcome, Meera Sen! You can now log in.");

    await signIn(page, email, "secret1");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expectToast(page, "Login Successful", `Welcome back, ${email}!`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Kalrav, Meera Sen!" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Meera Sen")).toBeVisible();
  });
});

test.describe("sign-in", () => {
  test("asks for both fields, reports a wrong password, and signs an admin in to the admin dashboard", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter both email and password");
    // Beside the first empty field, which says so and takes focus.
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter both email and password");

    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login Failed", "Invalid email or password");
    await expect(page).toHaveURL(/\/login(\?.*)?$/);

    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Manage Users" }),
    ).toBeVisible();

    // Already signed in: the sign-in screen sends the admin back to their dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("logs out to /login and the area is closed again", async ({ page }) => {
    const artist = await createArtist(page, "Logout Tester");
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    await expectToast(page, "Logged Out", "You have been successfully logged out.");
    await page.goto("/app/dashboard");
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
  });
});

test.describe("route guards", () => {
  test("signed out at /app/releases goes to /login", async ({ page }) => {
    await page.goto("/app/releases");
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
  });

  test("signed out at /admin goes to /login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
  });

  test("an artist at /admin goes to /, and /app leads to the dashboard", async ({ page }) => {
    const artist = await createArtist(page);
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/app/dashboard");
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("an unknown path shows Page Not Found with a way back", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    // Signed out, the way back is home (a signed-in user is offered their dashboard: public.spec).
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});

test("the theme defaults to dark and a chosen theme survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  const themes = page.getByRole("group", { name: "Theme" });
  await expect(themes.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
  await themes.getByRole("button", { name: "Light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(themes.getByRole("button", { name: "Light theme" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  // "/" arrives prerendered with the default theme; hydration must press the saved one.
  await expect(themes.getByRole("button", { name: "Light theme" })).toHaveAttribute("aria-pressed", "true");
  await expect(themes.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("a forgotten password is reset through the e-mailed link", async ({ page }) => {
  const artist = await createArtist(page, "Forgetful Artist");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(artist.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If an account exists for ${artist.email}`)).toBeVisible();

  const mail = await latestMailTo(artist.email, "Reset your Kalrav password");
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm New Password").fill("brand-new-typo");
  await page.getByRole("button", { name: "Set New Password" }).click();
  // The message sits beside the field at fault, which takes focus.
  await expect(page.getByLabel("Confirm New Password")).toBeFocused();
  await expect(page.getByLabel("Confirm New Password")).toHaveAccessibleDescription("Passwords do not match");
  await page.getByLabel("Confirm New Password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/login(\?.*)?$/);

  await signIn(page, artist.email, artist.password);
  await expectToast(page, "Login Failed", "Invalid email or password");
  await page.getByLabel("Password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("the public header offers Login and Sign Up, or a Dashboard button once signed in", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
  for (const name of ["Features", "Pricing", "Artist Services", "Production", "Contact Us", "Support"]) {
    await expect(
      header.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }),
    ).toBeVisible();
  }
  await page.getByRole("link", { name: "Login" }).click();
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
});

test("when the session ends while the app is open, the next request leads to the login page", async ({ page }) => {
  const artist = await createArtist(page, "Session Ender");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // Signed out elsewhere: the cookies go, the page still shows the signed-in area.
  await page.context().clearCookies();
  // The dashboard's own refetch may meet the ended session first and lead away before the click
  // lands: either way, the next request ends on the login page.
  await page
    .getByRole("navigation", { name: "Artist navigation" })
    .getByRole("link", { name: "Releases" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("registration fills the e-mail in on the sign-in page, and a deep link opened while signed out is returned to", async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto("/register");
  await page.getByLabel("Full Name / Artist Name").fill("Deep Linker");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm Password").fill("secret1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByLabel("Email")).toHaveValue(email);

  // Signed out, a link to a page of the app leads to sign-in, then back to that page.
  await page.goto("/app/support");
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fsupport$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/support$/);
});

test("a next address outside the app is ignored after sign-in", async ({ page }) => {
  const artist = await createArtist(page, "Careful Artist");
  await page.goto("/login?next=%2F%2Fevil.example%2Fapp%2F");
  await page.getByLabel("Email").fill(artist.email);
  await page.getByLabel("Password").fill(artist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header keeps Sign Up, and the public menu closes when a link is tapped", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the app drawer closes when a link is tapped, and Logout is within reach", async ({ page }) => {
    const artist = await createArtist(page, "Phone Artist");
    await signIn(page, artist.email, artist.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const logout = drawer.getByRole("button", { name: "Logout" });
    await logout.scrollIntoViewIfNeeded();
    await expect(logout).toBeInViewport();
    await drawer.getByRole("link", { name: "Releases" }).click();
    await expect(page).toHaveURL(/\/app\/releases$/);
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`an error toast and its field message are readable in the ${theme} theme (WCAG AA contrast)`, async ({
    page,
  }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/login");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login Failed");
    const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  });
}
