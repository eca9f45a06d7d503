import fs from "node:fs/promises";
import { addMonths, todayIst } from "#domain/clock";
import {
  adminInNewBrowser,
  createArtist,
  createCheckedRelease,
  expect,
  expectToast,
  latestMailTo,
  seriousViolations,
  signIn,
  test,
  uniqueUpc,
} from "./fixtures";

/**
 * Issue 41's journey: the admin records a store's notice about one track; the artist is told, sees
 * the case with the figures and only that track's earnings at that store held, answers with a file;
 * the admin dismisses it, and the held amount is payable on this month's statement.
 */
test("a store's notice: a case with the evidence, an answer with a file, a dismissal that pays the hold back", async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, a quality check, an import and a decision: over a minute when both cores are busy.
  test.setTimeout(240_000);
  const upc = uniqueUpc();
  const lastMonth = addMonths(todayIst(), -1).slice(0, 7);
  const before = addMonths(todayIst(), -2).slice(0, 7);
  const thisMonth = todayIst().slice(0, 7);
  const artist = await createArtist(page, "Flagged Artist");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const releaseId = await createCheckedRelease(page, {
    title: "Night Drive",
    artistName: "Flagged Artist",
    upcEan: upc,
  });

  // The admin approves it and imports two months of reports: ₹100 at Spotify and ₹50 at JioSaavn
  // last month (80 % kept on Basic Artist: ₹80 and ₹40), and quieter figures the month before.
  const admin = await adminInNewBrowser(browser);
  expect((await admin.request.post(`/api/admin/releases/${releaseId}/approve`, { headers: { origin } })).ok()).toBe(
    true,
  );
  const isrc = ((await (await page.request.get(`/api/releases/${releaseId}`)).json()).tracks[0].isrc as string) ?? "";
  const file = testInfo.outputPath("notice-report.csv");
  const days = (month: string, streams: number, revenue: string) =>
    [5, 10, 15, 20].map(
      (d) =>
        `${month}-${String(d).padStart(2, "0")},Spotify,IN,${upc},${isrc},${streams},${streams / 4},${revenue},INR`,
    );
  await fs.writeFile(
    file,
    [
      "date,store,country,upc,isrc,streams,listeners,revenue,currency",
      ...days(before, 100, "5.00"),
      ...days(lastMonth, 2000, "25.00"),
      `${lastMonth}-10,JioSaavn,IN,${upc},${isrc},500,200,50.00,INR`,
    ].join("\n"),
  );
  await admin.goto("/admin/reports");
  await admin.getByLabel("Report file (CSV)").setInputFiles(file);
  await admin.getByRole("button", { name: "Upload Report" }).click();
  await expect(admin.getByRole("row").filter({ hasText: "notice-report.csv" }).first()).toContainText("completed", {
    timeout: 20_000,
  });

  // The admin records Spotify's notice for last month, with a ₹10 fee.
  await admin
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Store Notices" })
    .click();
  await expect(admin.getByRole("heading", { name: "Store Notices", level: 1 })).toBeVisible();
  await admin.getByLabel("Store", { exact: true }).fill("Spotify");
  await admin.getByLabel("Flagged ISRCs").fill("QZZZZ2699999");
  await admin.getByLabel("First month").fill(lastMonth);
  await admin.getByLabel("Last month").fill(lastMonth);
  await admin.getByLabel("The store's reason").fill("Streams from a small set of accounts on repeat.");
  await admin.getByLabel("The store's reference").fill("SPX-2041");
  await admin.getByLabel("Fee the store charges (₹)").fill("10");
  await admin.getByRole("button", { name: "Record Notice" }).click();
  // An ISRC we do not distribute is refused beside the field, and nothing is opened.
  await expect(admin.getByText("We do not distribute this ISRC: QZZZZ2699999.", { exact: false })).toBeVisible();
  await admin.getByLabel("Flagged ISRCs").fill(isrc);
  await admin.getByRole("button", { name: "Record Notice" }).click();
  await expectToast(admin, "Case opened");
  const row = admin.getByRole("row").filter({ hasText: "Flagged Artist" }).first();
  await expect(row).toContainText("Open");
  const reference = (await row.getByRole("link").textContent()) ?? "";
  expect(reference).toMatch(/^K-[0-9A-F]{8}$/);

  // The artist is told by e-mail, and finds the case under Store notices.
  const mail = await latestMailTo(artist.email, `Spotify flagged a track for artificial streams (${reference})`);
  expect(mail.text).toContain("every other store and track stays live and payable");
  await page
    .getByRole("navigation", { name: "Artist navigation" })
    .getByRole("link", { name: "Store notices" })
    .click();
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Case ${reference}: Spotify`, level: 1 })).toBeVisible();
  await expect(page.getByText("₹80.00 is held while we look at it.")).toBeVisible();
  await expect(page.getByTestId("evidence-chart")).toBeVisible();
  await expect(page.getByRole("table", { name: "Every store in the notice's months" })).toContainText(
    "Spotify (sent the notice)",
  );
  await expect(page.getByRole("table", { name: "Every store in the notice's months" })).toContainText("JioSaavn");
  expect(await seriousViolations(page)).toEqual([]);

  // Only the Spotify line of last month is held; the statement says so, with the case.
  await page.goto("/app/royalties");
  const statement = page.getByRole("region", { name: "Statement" });
  await statement.getByLabel("Month").selectOption(lastMonth);
  await expect(statement.getByText(`Held for store notices (${reference})`).locator("..")).toContainText("₹80");

  // The artist answers with a file.
  await page.goto("/app/cases");
  await page.getByRole("link", { name: reference }).click();
  await page
    .getByLabel("Your answer")
    .fill("These listeners came from my radio interview; the station's letter is attached.");
  await page.getByLabel("Evidence file (optional)").setInputFiles({
    name: "radio-letter.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 letter from the station"),
  });
  await page.getByRole("button", { name: "Send Answer" }).click();
  await expectToast(page, "Answer sent");
  await expect(page.getByRole("list", { name: "Case messages" })).toContainText("radio interview");
  await expect(page.getByRole("link", { name: /radio-letter\.pdf/ })).toBeVisible();

  // On a phone the case reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: `Case ${reference}: Spotify`, level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admin reads the answer and dismisses the notice.
  await admin.getByRole("link", { name: reference }).click();
  await expect(admin.getByRole("list", { name: "Case messages" })).toContainText("radio interview");
  await expect(admin.getByRole("link", { name: /radio-letter\.pdf/ })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByLabel("Outcome").selectOption("dismissed");
  await admin.getByLabel("Reason (the artist reads it)").fill("The station confirmed the interview and its audience.");
  await admin.getByRole("button", { name: "Record Decision" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Record “Dismissed”?" });
  await confirm.getByRole("button", { name: "Record Decision" }).click();
  await expectToast(admin, "Decision recorded");
  await expect(admin.getByText("Decision: Dismissed", { exact: true })).toBeVisible();

  // The held amount is payable again, on this month's statement.
  await page.goto("/app/royalties");
  await statement.getByLabel("Month").selectOption(thisMonth);
  await expect(statement.getByText("Released from hold, payable").locator("..")).toContainText("₹80");
  await expect(page.getByText(/held while a store's notice is reviewed/)).toHaveCount(0);
});
