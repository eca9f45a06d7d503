import fs from "node:fs/promises";
import path from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import {
  createArtist,
  E2E_ADMIN,
  expect,
  hostArtwork,
  hostWav,
  payForPlan,
  seriousViolations,
  signIn,
  test,
  waitForQualityCheck,
} from "./fixtures";

/** A store's ERN-C acknowledgement, written where the batch choreography puts it in its drop box. */
async function acknowledge(store: string, batchId: string, upc: string, status: string, errorText?: string) {
  const dir = path.join(E2E_DATA_DIR, "deliveries", store, "acknowledgements");
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `ACK_${batchId}_${upc}.xml`),
    `<?xml version="1.0" encoding="UTF-8"?>
<FtpAcknowledgementMessage MessageVersionId="ern-c/16">
  <AcknowledgedFile><FileName>${batchId}/${upc}/${upc}.xml</FileName></AcknowledgedFile>
  <FileStatus>${status}</FileStatus>${errorText ? `\n  <ErrorText>${errorText}</ErrorText>` : ""}
</FtpAcknowledgementMessage>`,
  );
}

test("an artist follows a release from approval to accepted by two stores and rejected by one, and shares its public page", async ({
  page,
  browser,
}) => {
  // Three browsers and the stores' answers (~50 s alone on 2 cores): the default 30 s is far too close.
  test.setTimeout(240_000);
  const title = `Followed Song ${Date.now()}`;
  const artist = await createArtist(page, "Following Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await payForPlan(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/releases", {
    data: {
      aiUsed: "no",
      title,
      artistName: "Following Artist",
      releaseDate: "2026-06-01",
      audioFileUrl: await hostWav({ sampleRate: 48_000, bitDepth: 24, channels: 2 }),
      coverArtUrl: await hostArtwork(),
    },
    headers: { origin },
  });
  expect(created.ok()).toBeTruthy();
  const releaseId = (await created.json()).release.id as string;
  await waitForQualityCheck(page, releaseId);

  // The admin approves it; it goes to the six stores.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  const approved = await admin.request.post(`/api/admin/releases/${releaseId}/approve`, { headers: { origin } });
  expect(approved.ok()).toBeTruthy();
  let detail: { release: { upcEan: string }; deliveries: { store: string; status: string; batchId: string }[] } = {
    release: { upcEan: "" },
    deliveries: [],
  };
  await expect
    .poll(
      async () => {
        detail = await (await admin.request.get(`/api/admin/releases/${releaseId}`)).json();
        return detail.deliveries.filter((d) => d.status === "sent").length;
      },
      { timeout: 20_000 },
    )
    .toBe(6);

  // The artist sees every store waiting for its answer.
  await page.goto(`/app/releases/${releaseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const stores = page.getByRole("table", { name: "Stores" });
  for (const store of ["Spotify", "Apple Music", "JioSaavn"])
    await expect(stores.getByRole("row").filter({ hasText: store })).toContainText("Delivered, waiting for the store");

  // Spotify and Apple Music accept it; JioSaavn rejects it, saying why.
  const batch = (store: string) => detail.deliveries.find((d) => d.store === store)?.batchId ?? "";
  const upc = detail.release.upcEan;
  await acknowledge("spotify", batch("spotify"), upc, "FileOK");
  await acknowledge("apple-music", batch("apple-music"), upc, "FileOK");
  await acknowledge("jiosaavn", batch("jiosaavn"), upc, "FileNotOK", "The cover shows a web address.");

  // The page follows by itself (it polls while stores are to answer): live on two, rejected on one.
  await expect(stores.getByRole("row").filter({ hasText: "Spotify" })).toContainText("Live", { timeout: 20_000 });
  await expect(stores.getByRole("row").filter({ hasText: "Apple Music" })).toContainText("Live");
  const saavn = stores.getByRole("row").filter({ hasText: "JioSaavn" });
  await expect(saavn).toContainText("Rejected by the store");
  await expect(saavn).toContainText("JioSaavn said: The cover shows a web address.");
  // On a phone the store table scrolls sideways; the refusal is said above it, in full view (issue 33).
  await page.setViewportSize({ width: 390, height: 844 });
  const refusal = page.getByRole("alert").filter({ hasText: "JioSaavn did not accept this release." });
  await expect(refusal).toContainText("The cover shows a web address.");
  const refusalBox = await refusal.boundingBox();
  expect(refusalBox && refusalBox.x >= 0 && refusalBox.x + refusalBox.width <= 390).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(stores.getByRole("row").filter({ hasText: "Gaana" })).toContainText("Delivered, waiting for the store");
  await expect(page.getByText("Live on 2 of 6 stores").first()).toBeVisible();
  // The spec's status is unchanged: Live, with its badge.
  await expect(page.getByText("Live", { exact: true }).first()).toBeVisible();

  // The admin sees the rejection among the deliveries that need attention, with a retry.
  await admin.goto("/admin/dashboard");
  await admin.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Deliveries" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
  const attention = admin.getByRole("table", { name: "Deliveries that need attention" });
  const rejectedRow = attention.getByRole("row").filter({ hasText: title });
  await expect(rejectedRow).toContainText("JioSaavn said: The cover shows a web address.");
  await expect(rejectedRow.getByRole("button", { name: `Retry delivery of ${title} to JioSaavn` })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);

  // Share copies the public page's address.
  await page.getByRole("region", { name: "Your release page" }).getByRole("button", { name: "Copy link" }).click();
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .getByText(/\/r\/[a-f0-9]{10}/)
    .first();
  await expect(toast).toBeVisible();
  const link = /(http\S+\/r\/[a-f0-9]{10})/.exec((await toast.textContent()) ?? "")?.[1] ?? "";
  expect(link).not.toBe("");

  // A fan, signed out, opens it: cover, title, a button for each store where it is live.
  // On a phone: the square cover stays square (its width and height attributes once stretched it).
  const fanContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const fan = await fanContext.newPage();
  await fan.goto(link);
  await expect(fan.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const cover = fan.getByRole("img", { name: `Cover art of ${title}` });
  await expect(cover).toBeVisible();
  const box = await cover.boundingBox();
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThanOrEqual(1);
  const listen = fan.getByRole("list", { name: "Listen on" });
  await expect(listen.getByRole("link")).toHaveText(["Spotify Listen", "Apple Music Listen"]);
  expect(await seriousViolations(fan)).toEqual([]);
  // Its button sends the fan to Spotify (counted); the preview tags are there for WhatsApp.
  const go = await fan.request.get(`${link}/go/spotify`, { maxRedirects: 0 });
  expect(go.status()).toBe(302);
  expect(go.headers().location).toMatch(/^https:\/\/open\.spotify\.com\//);
  await expect(fan.locator('meta[property="og:image"]')).toHaveAttribute("content", `${link}/cover.jpg`);
  await fanContext.close();

  // The artist sees the visit and the click.
  await page.reload();
  const pageCard = page.getByRole("region", { name: "Your release page" });
  await expect(pageCard.getByText("Clicks to Spotify")).toBeVisible();
  await expect(pageCard.getByRole("definition").first()).toHaveText("1");
  await adminContext.close();
});
