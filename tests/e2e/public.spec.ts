import type { Page } from "@playwright/test";
import { createArtist, E2E_ADMIN, expect, expectToast, seriousViolations, signIn, test } from "./fixtures";

const PUBLIC_PAGES = [
  { path: "/", title: "Kalrav", h1: "Distribute Your Music Globally. Amplify Your Reach." },
  { path: "/features", title: "Features | Kalrav", h1: "Everything You Need to Release Music" },
  { path: "/pricing", title: "Pricing | Kalrav", h1: "Simple, Transparent Pricing" },
  { path: "/support-page", title: "Support | Kalrav", h1: "How Can We Help?" },
  { path: "/contact", title: "Contact Us | Kalrav", h1: "Contact Us" },
  { path: "/artist-services", title: "Artist Services | Kalrav", h1: "Artist Services" },
  { path: "/production", title: "Production | Kalrav", h1: "Music Production" },
  { path: "/docs/api", title: "API reference | Kalrav", h1: "API reference" },
] as const;

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

for (const { path, title, h1 } of PUBLIC_PAGES) {
  test(`${path} has its title, one h1, a description and fits a 360 px screen`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("contentinfo").getByText("support@kalrav.in")).toBeVisible();
    // Headings never skip a level (h1, then h2 before any h3...).
    const levels = await page
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
    for (const [i, level] of levels.entries())
      expect(level, `heading ${i + 1} of ${levels.join(",")}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`${path} has no serious accessibility violations in the ${theme} theme`, async ({ page }) => {
      await setTheme(page, theme);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      // The dark theme changes only colours: the light run checks every rule, the dark one those that read colours.
      expect(await seriousViolations(page, { coloursOnly: theme === "dark" })).toEqual([]);
    });
  }
}

test("home leads to registration and features", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Go live on major stores within 24 hours")).toBeVisible();
  // Claims the product backs (issue 33): the store count is the configured store list's (six here),
  // in the prerendered page and after it comes alive alike.
  await expect(page.getByText("delivers it to 6 streaming stores and platforms")).toBeVisible();
  await expect(page.getByRole("region", { name: "Kalrav in numbers" })).toContainText("Stores we deliver to6");
  await expect(page.getByText(/150\+|20 million|AI-backed/)).toHaveCount(0);
  for (const name of ["Spotify", "Apple Music", "YouTube Music", "Amazon Music", "JioSaavn", "Gaana"]) {
    await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
  }
  for (const name of ["Global Distribution", "Real-time Analytics", "Transparent Royalties", "Professional Tools"]) {
    await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
  }
  const getStarted = page.getByRole("link", { name: /^Get Started:/ });
  await expect(getStarted).toHaveCount(3);
  // Each card carries its plan to registration (the Introductory Offer is bought per release, later).
  await expect(getStarted.nth(0)).toHaveAttribute("href", "/register");
  await expect(getStarted.nth(1)).toHaveAttribute("href", "/register?plan=basic_artist");
  await expect(getStarted.nth(2)).toHaveAttribute("href", "/register?plan=pro_artist");
  await expect(page.getByText("₹299")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Your Free Account" })).toHaveAttribute("href", "/register");
  await page.getByRole("link", { name: "Learn More" }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole("article")).toHaveCount(12);
  await page.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Start Distributing" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page arrives readable, with working links", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Distribute Your Music Globally. Amplify Your Reach." }),
    ).toBeVisible();
    await expect(page.getByText("Go live on major stores within 24 hours")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Distributing" })).toHaveAttribute("href", "/register");
  });

  for (const { path, title, h1 } of [
    ...PUBLIC_PAGES,
    { path: "/login", title: "Sign In | Kalrav", h1: "Welcome Back" },
    { path: "/register", title: "Create Account | Kalrav", h1: "Create Your Account" },
  ]) {
    test(`${path} arrives prerendered with its own title, canonical link and share tags`, async ({ page, baseURL }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      const url = `${baseURL}${path === "/" ? "/" : path}`;
      const head = page.locator("head");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const image = await head.locator('meta[property="og:image"]').getAttribute("content");
      expect(image).toBe(`${baseURL}/og-image.png`);
      const png = await page.request.get(image ?? "");
      expect(png.headers()["content-type"]).toBe("image/png");
      await expect(head.locator('meta[name="description"]')).toHaveCount(1);
      await expect(head.locator("title")).toHaveCount(1);
    });
  }

  test("an unknown address answers 404 with the public header, footer and a way home", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Kalrav home" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByText("support@kalrav.in")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test("a signed-in artist on an unknown address is offered the way back to their dashboard", async ({ page }) => {
  const artist = await createArtist(page);
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // Inside the app an unknown page keeps the app around it.
  await page.goto("/app/nothing-here");
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
});

test("a prerendered page hydrates into the working app (its links navigate without a reload)", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple, Transparent Pricing");
  // Until hydration has finished, a click is the browser's own navigation (a reload).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything You Need to Release Music");
  await expect(page).toHaveTitle("Features | Kalrav");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  expect(errors).toEqual([]);
});

test("pricing shows the four plans in INR from the one catalogue", async ({ page }) => {
  await page.goto("/pricing");
  const plans: [string, string][] = [
    ["Introductory Offer", "₹299"],
    ["Basic Artist", "₹499"],
    ["Pro Artist", "₹999"],
    ["Label Plan", "₹1,999"],
  ];
  for (const [name, price] of plans) {
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `Get Started: ${name}` })).toHaveAttribute(
      "href",
      name === "Introductory Offer"
        ? "/register"
        : `/register?plan=${name === "Basic Artist" ? "basic_artist" : name === "Pro Artist" ? "pro_artist" : "label_plan"}`,
    );
  }
});

test("artist services and production lead to the contact form, with the subject filled in", async ({ page }) => {
  await page.goto("/artist-services");
  await expect(page.getByRole("article")).toHaveCount(8);
  await page.getByRole("link", { name: "Contact Our Team" }).click();
  await expect(page).toHaveURL(/\/contact$/);

  await page.goto("/production");
  await expect(page.getByRole("region", { name: "Our Services" }).getByRole("article")).toHaveCount(6);
  await expect(page.getByRole("region", { name: "Packages" }).getByRole("article")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "How It Works" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("button", { name: "Listen to Our Work" })).toBeDisabled();
  await page.getByRole("link", { name: "Get a Quote: Professional" }).click();
  await expect(page).toHaveURL(/\/contact\?subject=/);
  await expect(page.getByLabel("Subject")).toHaveValue("Quote request: Professional production package");
  await page.goto("/production");
  await page.getByRole("link", { name: "Start Your Project" }).click();
  await expect(page.getByLabel("Subject")).toHaveValue("New production project");
});

test("the FAQ filters, says when nothing matches, and keeps one answer open", async ({ page }) => {
  await page.goto("/support-page");
  const triggers = page.getByRole("region", { name: "Frequently Asked Questions" }).getByRole("button");
  await expect(triggers).toHaveCount(10);
  await triggers.nth(0).click();
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
  await triggers.nth(1).click();
  await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");

  await page.getByLabel("Search FAQs").fill("paypal");
  await expect(triggers).toHaveCount(1);
  await expect(triggers.first()).toHaveText("When and how do I get paid?");
  await page.getByLabel("Search FAQs").fill("no such words here");
  await expect(page.getByText("No FAQs found matching your search term.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Soon" })).toBeDisabled();
});

test("the support page asks visitors to sign in before opening a ticket", async ({ page }) => {
  await page.goto("/support-page");
  await expect(page.getByText("You must be logged in to submit a ticket.")).toBeVisible();
  await page.getByRole("link", { name: "Sign in to submit a ticket" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-in artist opens a ticket from the support page and finds it in their list", async ({ page }) => {
  const artist = await createArtist(page, "Ticket Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/support-page");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expectToast(page, "Missing Information", "Please provide both a subject and description for your ticket.");

  await page.getByLabel("Subject").fill("Royalty statement for March");
  await page.getByLabel("Description").fill("Spotify numbers look low.");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  const toast = page.getByRole("region", { name: /Notifications/ });
  await expect(toast.getByText("Ticket Submitted!", { exact: true })).toBeVisible();
  const number = (await toast.getByText(/Your ticket #\d+ has been received/).textContent())?.match(/#(\d+)/)?.[1];
  expect(number).toBeTruthy();
  await expect(page.getByLabel("Subject")).toHaveValue("");

  await page.goto("/app/support");
  await expect(page.getByRole("heading", { level: 1, name: "My Support Tickets" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "Royalty statement for March" });
  await expect(item).toContainText(`#${number}`);
  await expect(item).toContainText("Status: Open");
  await expect(item).toContainText("Priority: Medium");
});

test("the contact form validates, sends, resets, and the message is stored", async ({ page, browser }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Missing Information", "Please fill out all fields.");
  // The message also sits beside the first empty field, which takes focus.
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Please fill out all fields.");

  const subject = `Label enquiry ${Date.now()}`;
  await page.getByLabel("Name").fill("Ravi Kumar");
  await page.getByLabel("Email").fill("ravi@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("We release 20 singles a year.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent!", "Thanks for reaching out. We'll get back to you soon.");
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  const stored = await admin.request.get("/api/admin/contact-messages");
  const { messages } = (await stored.json()) as { messages: { subject: string; message: string }[] };
  expect(messages.find((m) => m.subject === subject)?.message).toBe("We release 20 singles a year.");
  await adminContext.close();
});
