import type { Browser, Page } from "@playwright/test";
import { validRelease } from "#server/test/factories";
import {
  adminInNewBrowser,
  createArtist,
  expect,
  expectToast,
  latestMailTo,
  seriousViolations,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

/** The path of the invitation link mailed to `email`. */
async function invitationLink(email: string, workspace: string) {
  const mail = await latestMailTo(email, `Label Owner invited you to ${workspace} on Kalrav`);
  const link = mail.text.match(/https?:\/\/\S+\/app\/join\/\S+/)?.[0];
  if (!link) throw new Error("no invitation link in the mail");
  return new URL(link).pathname + new URL(link).search;
}

async function invite(page: Page, email: string, role: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, "Invitation sent", `${email} can join as ${role}.`);
}

/** A new person opens the link signed out, registers with the invited address, signs in and joins. */
async function joinByRegistering(
  browser: Browser,
  link: string,
  name: string,
  viewport: { width: number; height: number },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole("link", { name: "Sign up now" }).click();
  await page.getByLabel("Full Name / Artist Name").fill(name);
  const email = page.getByLabel("Email Address");
  await expect(email).not.toHaveValue("");
  await page.getByLabel("Password", { exact: true }).fill("member-pass");
  await page.getByLabel("Confirm Password").fill("member-pass");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?/);
  // The router keeps the register form on screen until the sign-in page's code has loaded.
  await expect(page.getByLabel("Confirm Password")).toHaveCount(0);
  await page.getByLabel("Password").fill("member-pass");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Join a workspace" })).toBeVisible();
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You joined" })).toBeVisible();
  return page;
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`on a ${viewport.name}, a label owner invites a manager and an accountant; each does only what the role allows, and the owner reads it all in the audit log`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const owner = await createArtist(page, "Label Owner");
    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    // The owner names the workspace and invites the team from Settings → Team.
    await page.goto("/app/settings?tab=team");
    const workspace = `Rang Records ${viewport.name} ${Date.now()}`;
    await page.getByLabel("Workspace name").fill(workspace);
    await page.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Workspace renamed", `It is now “${workspace}”.`);
    const managerEmail = uniqueEmail("manager");
    const accountantEmail = uniqueEmail("accountant");
    await invite(page, managerEmail, "Manager");
    await invite(page, accountantEmail, "Accountant");
    const invitations = page.getByRole("table", { name: "Open invitations" });
    await expect(invitations.getByRole("row")).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    // The manager registers from the link and adds a release for the label.
    const manager = await joinByRegistering(
      browser,
      await invitationLink(managerEmail, workspace),
      "Mira Manager",
      viewport,
    );
    await manager.goto("/app/releases");
    await expect(manager.getByRole("combobox", { name: "Workspace" })).toHaveValue(/.+/);
    await manager.getByRole("button", { name: "Upload Your First Release" }).click();
    const title = `Label single ${Date.now()}`;
    await manager.getByLabel("Release Title *").fill(title);
    await manager.getByLabel("Artist Name *").fill("Asha");
    await manager.getByLabel("Release Date *").fill("2026-12-24");
    await manager.getByLabel("Audio File URL").fill("https://cdn.example.com/label.wav");
    await manager.getByLabel("Cover Art URL").fill("https://cdn.example.com/label.jpg");
    await manager.getByLabel("No, people made all of it").check();
    await manager.getByRole("button", { name: "Submit Release" }).click();
    await expect(manager.getByRole("heading", { name: title })).toBeVisible();
    // No money pages for a manager.
    const managerNav = manager.getByRole("navigation", { name: "Artist navigation" });
    if (viewport.name === "desktop") {
      await expect(managerNav.getByRole("link", { name: "Releases" })).toBeVisible();
      await expect(managerNav.getByRole("link", { name: "Royalties" })).toHaveCount(0);
    }

    // The accountant sees the royalties and the release, and is offered no way to change it.
    const accountant = await joinByRegistering(
      browser,
      await invitationLink(accountantEmail, workspace),
      "Arjun Accountant",
      viewport,
    );
    await accountant.goto("/app/royalties");
    await expect(accountant.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(accountant.getByText("Only administrators")).toHaveCount(0);
    await accountant.goto("/app/releases");
    await expect(accountant.getByRole("heading", { name: title })).toBeVisible();
    await expect(accountant.getByRole("button", { name: "New Release" })).toHaveCount(0);
    await expect(accountant.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
    // ...and the server refuses it too.
    const releaseId = (await (await accountant.request.get("/api/releases")).json()).releases[0].id;
    const refused = await accountant.request.put(`/api/releases/${releaseId}`, {
      data: validRelease({ title: "Changed by the accountant" }),
      headers: { origin: new URL(accountant.url()).origin },
    });
    expect(refused.status()).toBe(403);
    expect(await seriousViolations(accountant)).toEqual([]);

    // The owner sees the team and reads every step in the audit log.
    await page.goto("/app/settings?tab=team");
    const members = page.getByRole("table", { name: "Members" });
    await expect(members.getByRole("row", { name: /Mira Manager/ })).toBeVisible();
    await expect(members.getByRole("row", { name: /Arjun Accountant/ })).toBeVisible();
    await page.goto("/app/audit");
    const log = page.getByRole("table", { name: "Audit log" });
    await expect(log.getByText(`Release “${title}” submitted for review`)).toBeVisible();
    await expect(log.getByText("Mira Manager joined as Manager")).toBeVisible();
    await expect(log.getByText("Arjun Accountant joined as Accountant")).toBeVisible();
    await expect(log.getByText(`Invited ${managerEmail} as Manager`)).toBeVisible();
    await page.getByLabel("Who").selectOption({ label: "Mira Manager" });
    await expect(log.getByText("Arjun Accountant joined as Accountant")).toHaveCount(0);
    await expect(log.getByText(`Release “${title}” submitted for review`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Kalrav's admins see the workspace with its team, and its audit log.
    const admin = await adminInNewBrowser(browser);
    await admin.setViewportSize(viewport);
    await admin.goto("/admin/workspaces");
    await admin.getByLabel("Search workspaces").fill(workspace);
    const row = admin.getByRole("table", { name: "Workspaces" }).getByRole("row", { name: new RegExp(workspace) });
    await expect(row).toContainText("Label Owner");
    await expect(row.getByRole("cell", { name: "3", exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Audit log of ${workspace}` }).click();
    await expect(
      admin.getByRole("table", { name: `Audit log of ${workspace}` }).getByText("Mira Manager joined as Manager"),
    ).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
  });
}
