import type { Page } from "@playwright/test";
import { validRelease } from "#server/test/factories";
import {
  createArtist,
  expect,
  expectToast,
  latestMailTo,
  seriousViolations,
  signIn,
  test,
  uniqueEmail,
  upgradeToLabelPlan,
} from "./fixtures";

async function newArtist(
  page: Page,
  name: string,
  fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void> = async () => {},
) {
  await page.getByRole("button", { name: "New artist" }).click();
  const dialog = page.getByRole("dialog", { name: "New artist" });
  await dialog.getByLabel("Name").fill(name);
  await fill(dialog);
  await dialog.getByRole("button", { name: "Create artist" }).click();
  return dialog;
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`on a ${viewport.name}, a label on the Label Plan keeps up to five artists with their store ids, the protection key is never shown again, and a viewer limited to one artist sees only its releases`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const owner = await createArtist(page, "Artist Label");
    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await upgradeToLabelPlan(page);

    await page.goto("/app/artists");
    await expect(page.getByText("Label Plan holds up to 5 artist profiles; this workspace has 0.")).toBeVisible();
    // A wrong Spotify id is said beside its field, and nothing is saved.
    const dialog = await newArtist(page, "Asha Rao", async (d) => {
      await d.getByLabel("Spotify artist URI or link").fill("spotify:track:4Z8W4fKeB5YxbusRsdQVPb");
    });
    await expect(dialog.getByLabel("Spotify artist URI or link")).toHaveAccessibleDescription(
      /Enter a Spotify artist URI/,
    );
    await dialog
      .getByLabel("Spotify artist URI or link")
      .fill("https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb");
    await dialog.getByLabel("Apple Music artist id or link").fill("1234567890");
    await dialog.getByLabel("Spotify Artist Profile Protection key").fill("app-Key_7f3a9c2e41b84d6aa0e5");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Create artist" }).click();
    await expectToast(page, "Artist created", "Asha Rao");
    const table = page.getByRole("table", { name: "Artists" });
    const asha = table.getByRole("row", { name: /Asha Rao/ });
    await expect(asha).toContainText("spotify:artist:4Z8W4fKeB5YxbusRsdQVPb");
    await expect(asha).toContainText("Kept (hidden)");
    // Editing shows that a key is kept, never the key.
    await asha.getByRole("button", { name: "Edit Asha Rao" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Asha Rao" });
    await expect(edit.getByLabel("Spotify Artist Profile Protection key")).toHaveValue("");
    await expect(page.content()).resolves.not.toContain("app-Key_7f3a9c2e41b84d6aa0e5");
    await edit.getByRole("button", { name: "Close" }).click();

    for (const name of ["Ravi", "Meera", "Kabir", "Zoya"]) {
      await newArtist(page, name, async (d) => {
        await d.getByLabel("New to the stores").check();
      });
      await expectToast(page, "Artist created", name);
    }
    await expect(page.getByText("Label Plan holds up to 5 artist profiles; this workspace has 5.")).toBeVisible();
    await expect(page.getByRole("button", { name: "New artist" })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // The release form offers the workspace's artists as the artist is typed.
    await page.goto("/app/releases");
    await page.getByRole("button", { name: "Upload Your First Release" }).click();
    const artistField = page.getByLabel("Artist Name *");
    await expect(artistField).toHaveAccessibleDescription("Pick one of your artists, or type a new name.");
    const listId = await artistField.getAttribute("list");
    await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(5);
    await page.getByRole("button", { name: "Cancel Upload" }).click();

    // Two releases, one per artist, as the release form sends them.
    const origin = new URL(page.url()).origin;
    for (const [title, artistName] of [
      [`Asha's song ${viewport.name}`, "Asha Rao"],
      [`Ravi's song ${viewport.name}`, "Ravi"],
    ]) {
      const made = await page.request.post("/api/releases", {
        data: validRelease({ title, artistName }),
        headers: { origin },
      });
      expect(made.status()).toBe(201);
    }
    // A viewer joins and is limited to Asha Rao from Settings → Team.
    const viewerEmail = uniqueEmail("viewer");
    await page.goto("/app/settings?tab=team");
    await page.getByLabel("E-mail address").fill(viewerEmail);
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Viewer" });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(page, "Invitation sent");
    const mail = await latestMailTo(viewerEmail, "Artist Label invited you to Artist Label on Kalrav");
    const link = new URL(mail.text.match(/https?:\/\/\S+\/app\/join\/\S+/)?.[0] ?? "");
    const viewer = await (await browser.newContext({ viewport })).newPage();
    const registered = await viewer.request.post("/api/auth/sign-up/email", {
      data: { name: "Vera Viewer", email: viewerEmail, password: "viewer-pass" },
    });
    expect(registered.ok()).toBeTruthy();
    await signIn(viewer, viewerEmail, "viewer-pass");
    await expect(viewer).toHaveURL(/\/app\/dashboard$/);
    await viewer.goto(link.pathname + link.search);
    await viewer.getByRole("button", { name: "Accept and join" }).click();
    await expect(viewer.getByRole("status").filter({ hasText: "You joined" })).toBeVisible();

    await page.reload();
    const row = page.getByRole("table", { name: "Members" }).getByRole("row", { name: /Vera Viewer/ });
    await row.getByRole("button", { name: "Artists Vera Viewer works on" }).click();
    const access = page.getByRole("dialog", { name: "Artists Vera Viewer works on" });
    await access.getByLabel(/^All artists/).uncheck();
    await access.getByLabel("Asha Rao").check();
    expect(await seriousViolations(page)).toEqual([]);
    await access.getByRole("button", { name: "Save access" }).click();
    await expectToast(page, "Access changed");
    await expect(row).toContainText("Asha Rao");

    // The viewer now sees Asha's release alone, and no whole-workspace page.
    await viewer.goto("/app/dashboard");
    await expect(viewer).toHaveURL(/\/app\/releases$/);
    await expect(viewer.getByRole("heading", { name: `Asha's song ${viewport.name}` })).toBeVisible();
    await expect(viewer.getByRole("heading", { name: `Ravi's song ${viewport.name}` })).toHaveCount(0);
    if (viewport.name === "desktop") {
      const nav = viewer.getByRole("navigation", { name: "Artist navigation" });
      await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: "Analytics" })).toHaveCount(0);
    }
    expect(await seriousViolations(viewer)).toEqual([]);
  });
}
