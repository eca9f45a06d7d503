import type { Browser, Page } from "@playwright/test";
import {
  createArtist,
  E2E_ADMIN,
  expect,
  expectToast,
  hostArtwork,
  hostWav,
  searchTable,
  signIn,
  test,
  uniqueEmail,
  uniqueUpc,
  waitForQualityCheck,
} from "./fixtures";

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

async function artistWithRelease(page: Page, title: string) {
  const artist = await createArtist(page, "Review Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const res = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      title,
      artistName: "Review Artist",
      releaseDate: "2026-12-01",
      audioFileUrl: await hostWav(),
      coverArtUrl: await hostArtwork(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBeTruthy();
  await waitForQualityCheck(page, (await res.json()).release.id);
  return artist;
}

test("admin approves, takes down and rejects releases from the table; the artist sees badges and notifications", async ({
  page,
  browser,
}) => {
  // A long flow across two browsers (approval, take-down, rejection): more than the default 30 s when
  // the machine is busy with the other worker.
  test.setTimeout(60_000);
  const title = `Review ${Date.now()}`;
  await artistWithRelease(page, title);
  const admin = await adminPage(browser);
  await expect(admin.getByRole("heading", { name: "System Status" })).toBeVisible();
  await expect(admin.getByText("Some systems need attention")).toBeVisible();
  await expect(admin.getByText(title).first()).toBeVisible();

  await admin
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Manage Releases" })
    .click();
  await searchTable(admin, "Search releases", title);
  const row = admin.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: `Take Down ${title}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Approve ${title}` }).click();
  // It asks first, naming the release and what follows; Cancel changes nothing.
  const confirm = admin.getByRole("alertdialog", { name: `Approve ${title}?` });
  await expect(confirm).toContainText("This cannot be undone");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: `Approve ${title}` })).toBeFocused();
  await row.getByRole("button", { name: `Approve ${title}` }).click();
  await confirm.getByRole("button", { name: "Approve" }).click();
  await expectToast(admin, "Release approved", title);
  await expect(row).toContainText("Live");

  await page.goto("/app/releases");
  // The artist reads what the stores will do, not "Live" at approval (issue 33).
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText(/Scheduled — goes live 1 Dec 2026|Approved|Waiting for payment/);
  await expect(card).not.toContainText("Live");
  await page.getByRole("button", { name: /Notifications, 1 unread/ }).click();
  await expect(
    page.getByRole("dialog", { name: "Notifications" }).getByText(`Release approved: ${title}`),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await row.getByRole("button", { name: `Take Down ${title}` }).click();
  const takeDown = admin.getByRole("alertdialog", { name: `Take down ${title}?` });
  // The confirmation says what the release carries before it goes.
  await expect(takeDown).toContainText("It carries 0 streams.");
  await takeDown.getByRole("button", { name: "Take Down" }).click();
  await expect(row).toContainText("Taken Down");
  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText("Taken Down");

  // A second release is rejected with a note that the artist reads.
  const second = `${title} B`;
  await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      title: second,
      artistName: "A",
      releaseDate: "2026-12-02",
      audioFileUrl: "https://x.example/a.wav",
      coverArtUrl: "https://x.example/a.jpg",
    },
    headers: { origin: new URL(page.url()).origin },
  });
  await searchTable(admin, "Search releases", second);
  await admin.getByRole("button", { name: `Reject ${second}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Reject ${second}` });
  // The note is required: the artist reads it.
  await dialog.getByRole("button", { name: "Reject Release" }).click();
  await expect(dialog.getByText("Write the note the artist will read")).toBeVisible();
  await expect(dialog.getByLabel("Note to the artist")).toBeFocused();
  await dialog.getByLabel("Note to the artist").fill("Artwork has a URL on it.");
  await dialog.getByRole("button", { name: "Reject Release" }).click();
  await expect(admin.getByRole("row").filter({ hasText: second })).toContainText("Rejected");
  await page.goto("/app/releases");
  await page.getByRole("button", { name: `Analytics for ${second}` }).click();
  await expect(page.getByText("Artwork has a URL on it.", { exact: true })).toBeVisible();
  // The release's history keeps the note as the artist read it.
  await expect(page.getByRole("region", { name: "History" })).toContainText("Note: Artwork has a URL on it.");
});

test("manual upload validates, and a release without audio says so and cannot be approved", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/releases");
  await admin.getByRole("button", { name: "Manual Upload" }).click();
  const dialog = admin.getByRole("dialog", { name: "Manual Upload" });
  await dialog.getByRole("button", { name: "Add Release" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Title, Artist, UPC, and Release Date are required.");
  await expect(dialog.getByLabel("Title *")).toBeFocused();
  const title = `Label Single ${Date.now()}`;
  await dialog.getByLabel("Title *").fill(title);
  await dialog.getByLabel("Artist Name *").fill("Label Act");
  await dialog.getByLabel("UPC *").fill("036000291453");
  await dialog.getByLabel("Release Date *").fill("2027-01-15");
  await dialog.getByRole("button", { name: "Add Release" }).click();
  await expect(dialog.getByRole("alert")).toContainText("check digit");
  await expect(dialog.getByLabel("UPC *")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("UPC *")).toBeFocused();
  await dialog.getByLabel("UPC *").fill(uniqueUpc());
  await dialog.getByRole("button", { name: "Add Release" }).click();
  await expect(dialog).toBeHidden();
  await searchTable(admin, "Search releases", title);
  const row = admin.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Audio missing");
  await expect(row).toContainText("Manual upload");
  // Approve is disabled, with the reason beside it.
  const approve = row.getByRole("button", { name: `Approve ${title}` });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription("No audio yet, so it cannot be approved.");
  await row.getByRole("button", { name: `Download Audio of ${title}` }).click();
  await expectToast(admin, "Action Failed", "This release's audio is not a downloadable http(s) link.");
});

test("an admin adds a user who signs in, then makes them admin and they reach /admin", async ({ browser, page }) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/users");
  await admin.getByRole("button", { name: "Add New User" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add New User" });
  // The roles come from the server; until then the dialog says so instead of validating.
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText(["admin", "artist"]);
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("All fields are required to add a new user.");
  // Beside the first empty field, which takes focus.
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await expect(dialog.getByLabel("Full Name")).toHaveAccessibleDescription(
    "All fields are required to add a new user.",
  );
  const email = uniqueEmail("added");
  await dialog.getByLabel("Full Name").fill("Added Person");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("12345");
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 6 characters.");
  await expect(dialog.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Password").fill("added-pass");
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(dialog).toBeHidden();

  await signIn(page, email, "added-pass");
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await searchTable(admin, "Search users", email);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("artist");
  await expect(row).toContainText("Basic Artist (default)");
  // Editing: an emptied name is said beside the field, with focus on it, and nothing is saved.
  await row.getByRole("button", { name: "Edit Added Person" }).click();
  // Focus moves into the panel it opens (issue 33).
  await expect(admin.getByRole("heading", { name: "Edit Added Person" })).toBeFocused();
  await admin.locator("#edit-name").fill("");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Full name, email, and role are required." })).toBeVisible();
  await expect(admin.locator("#edit-name")).toBeFocused();
  await expect(admin.locator("#edit-name")).toHaveAccessibleDescription("Full name, email, and role are required.");
  await admin.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Added Person");
  await row.getByRole("button", { name: "Make Admin: Added Person" }).click();
  await admin
    .getByRole("alertdialog", { name: "Make Added Person an admin?" })
    .getByRole("button", { name: "Make Admin" })
    .click();
  await expect(row).toContainText("admin");
  await page.reload();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await row.getByRole("button", { name: "Suspend: Added Person" }).click();
  await admin
    .getByRole("alertdialog", { name: "Suspend Added Person?" })
    .getByRole("button", { name: "Suspend" })
    .click();
  await expect(row).toContainText("suspended");
  await page.reload();
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
});

test("ticket replies flow both ways, with a notification for the artist", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const artist = await createArtist(page, "Help Seeker");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/support");
  await page.getByRole("button", { name: "New Ticket" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Submission Failed", "Please provide both a subject and description.");
  // Beside each empty field too, focus on the first.
  await expect(page.getByLabel("Subject")).toBeFocused();
  await expect(page.getByLabel("Subject")).toHaveAccessibleDescription(
    "Please provide both a subject and description.",
  );
  await expect(page.getByLabel("Describe your issue")).toHaveAttribute("aria-invalid", "true");
  const subject = `Payout question ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Describe your issue").fill("When is March paid?");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Ticket Submitted!");
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toContainText("Status: Open");

  const admin = await adminPage(browser);
  await admin.goto("/admin/tickets");
  await searchTable(admin, "Search tickets", subject);
  const row = admin.getByRole("row").filter({ hasText: subject });
  await row.getByRole("button", { name: /View and reply/ }).click();
  const thread = admin.getByRole("dialog");
  await expect(thread.getByRole("list", { name: "Messages" })).toContainText("When is March paid?");
  await thread.getByRole("button", { name: "Send Reply" }).click();
  await expect(thread.getByRole("alert")).toHaveText("Cannot send empty reply.");
  await thread.getByLabel("Reply").fill("Around the 15th of May.");
  await thread.getByRole("button", { name: "Send Reply" }).click();
  await expect(thread.getByRole("list", { name: "Messages" })).toContainText("Around the 15th of May.");
  await thread.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("In Progress");

  await page.reload();
  await page.getByRole("button", { name: /Notifications, 1 unread/ }).click();
  await page.getByRole("button", { name: /New reply on ticket/ }).click();
  const artistThread = page.getByRole("dialog");
  await expect(artistThread.getByRole("list", { name: "Messages" })).toContainText("Around the 15th of May.");
  await artistThread.getByLabel("Your reply").fill("Thank you!");
  await artistThread.getByRole("button", { name: "Send Reply" }).click();
  await expect(artistThread.getByRole("list", { name: "Messages" })).toContainText("Thank you!");

  await row.getByRole("button", { name: /^Close #/ }).click();
  await expect(row).toContainText("Closed");
  await row.getByRole("button", { name: /^Reopen #/ }).click();
  await expect(row).toContainText("Open");
});

test("subscription cancel and reactivate persist after reload", async ({ page, browser }) => {
  const artist = await createArtist(page, "Sub Person");
  const admin = await adminPage(browser);
  await admin.goto("/admin/subscriptions");
  await admin.getByRole("button", { name: "Create Subscription Plan" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create Subscription Plan" });
  // An address nobody has is said beside the field, which keeps the focus for the correction.
  await dialog.getByLabel("User e-mail").fill(`nobody-${artist.email}`);
  await dialog.getByLabel("Reason (complimentary)").fill("Festival partner");
  await dialog.getByRole("button", { name: "Create Subscription" }).click();
  await expect(dialog.getByText(`No user has the e-mail nobody-${artist.email}.`)).toBeVisible();
  await expect(dialog.getByLabel("User e-mail")).toBeFocused();
  await expect(dialog.getByLabel("User e-mail")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Reason (complimentary)").fill("");
  await dialog.getByLabel("User e-mail").fill(artist.email);
  await dialog.getByLabel("Plan").selectOption("pro_artist");
  await dialog.getByRole("button", { name: "Create Subscription" }).click();
  // A complimentary plan needs its reason, said beside the field.
  await expect(dialog.getByText("Say why this plan is complimentary.")).toBeVisible();
  await expect(dialog.getByLabel("Reason (complimentary)")).toBeFocused();
  await dialog.getByLabel("Reason (complimentary)").fill("Festival partner");
  await dialog.getByRole("button", { name: "Create Subscription" }).click();
  await expect(dialog).toBeHidden();
  await searchTable(admin, "Search subscriptions", artist.email);
  const row = admin.getByRole("row").filter({ hasText: artist.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pro Artist");
  await expect(row).toContainText("Complimentary plan: Festival partner");
  await row.getByRole("button", { name: "Cancel subscription of Sub Person" }).click();
  await expect(row).toContainText("Cancelled");
  await admin.reload();
  await searchTable(admin, "Search subscriptions", artist.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cancelled");
  await row.getByRole("button", { name: "Reactivate subscription of Sub Person" }).click();
  await expect(row).toContainText("Active");
  await admin.reload();
  await searchTable(admin, "Search subscriptions", artist.email);
  await expect(row).toContainText("Active");
});

test("the admin header search finds a user and opens their row", async ({ page, browser }) => {
  const artist = await createArtist(page, "Findable Person");
  const admin = await adminPage(browser);
  await admin.getByRole("searchbox", { name: "Search users, releases and tickets" }).fill("Findable Person");
  await admin.getByRole("link", { name: new RegExp(`Findable Person · ${artist.email}`) }).click();
  await expect(admin).toHaveURL(/\/admin\/users\?q=/);
  await expect(admin.getByRole("row").filter({ hasText: artist.email })).toBeVisible();
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Delete asks first, naming the user and what follows; Cancel returns focus and keeps the account", async ({
    page,
    browser,
  }) => {
    const artist = await createArtist(page, "Phone Deletable");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await context.newPage();
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.goto("/admin/users");
    await searchTable(admin, "Search users", artist.email);
    const row = admin.getByRole("row").filter({ hasText: artist.email });
    const deleteButton = row.getByRole("button", { name: "Delete Phone Deletable" });
    await deleteButton.click();
    const confirm = admin.getByRole("alertdialog", { name: "Delete Phone Deletable?" });
    await expect(confirm).toContainText("deleted for good");
    // The dialog fits the phone's width: its buttons are on screen, not beside it.
    const box = await confirm.getByRole("button", { name: "Delete User" }).boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await confirm.getByRole("button", { name: "Delete User" }).click();
    await expectToast(admin, "User deleted", artist.email);
    await expect(row).toHaveCount(0);
    await context.close();
  });
});
