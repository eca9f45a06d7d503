import fs from "node:fs/promises";
import { todayIst } from "#domain/clock";
import {
  createArtist,
  createCheckedRelease,
  E2E_ADMIN,
  expect,
  expectToast,
  latestMailTo,
  signIn,
  test,
  uniqueEmail,
  uniqueUpc,
} from "./fixtures";

/**
 * Issue 19's journey: an artist splits a song 60/40 with a producer, the producer accepts by the
 * e-mailed link, the admin imports a report, both read their statement, and the producer adds a UPI
 * ID and is paid through the built-in test provider, with the bank reference (UTR) shown.
 */
test("a 60/40 split reaches the producer: invite, statements, UPI payout with a UTR", async ({
  page,
  browser,
}, testInfo) => {
  // Three people in three browsers, a quality check, an import and a payout: a minute on 2 cores.
  test.setTimeout(180_000);
  const upc = uniqueUpc();
  const today = todayIst();
  const artist = await createArtist(page, "Split Owner");
  await signIn(page, artist.email, artist.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const releaseId = await createCheckedRelease(page, { title: "Split Song", artistName: "Split Owner", upcEan: upc });

  // The artist sets the split on the release page.
  const producerEmail = uniqueEmail("producer");
  await page.goto(`/app/releases/${releaseId}`);
  await page.getByRole("button", { name: "Add split for Split Song" }).click();
  const form = page.getByRole("form", { name: "Split sheet" });
  await form.getByRole("group", { name: "Your share" }).getByLabel("Share (%)").fill("60");
  const producerRow = form.getByRole("group", { name: "Collaborator 1" });
  await producerRow.getByLabel("Name").fill("Priya Producer");
  await producerRow.getByLabel("E-mail").fill(producerEmail);
  await producerRow.getByLabel("Share (%)").fill("30");
  await form.getByRole("button", { name: "Save split" }).click();
  // Shares that do not add up are refused at the form, and nothing is saved.
  await expect(form.getByText("Shares must add up to exactly 100 % (they add up to 90 %).")).toBeVisible();
  await producerRow.getByLabel("Share (%)").fill("40");
  await form.getByRole("button", { name: "Save split" }).click();
  await expectToast(page, "Split saved");
  await expect(page.getByRole("table", { name: /Split of Split Song/ })).toContainText("Priya Producer");
  await expect(page.getByText("Invite pending")).toBeVisible();

  // The producer signs up with the invited address and accepts from the e-mailed link.
  const mail = await latestMailTo(producerEmail, "Split Owner shares song royalties with you on Kalrav");
  const link = /https?:\/\/\S+\/app\/invite\/[\w-]+\S*/.exec(mail.text)?.[0] ?? "";
  expect(link).not.toBe("");
  const producerContext = await browser.newContext();
  const producer = await producerContext.newPage();
  await producer.goto(new URL(link).pathname + new URL(link).search);
  // Signed out, the link asks for sign-in first; registering from there comes back to the invite too.
  await expect(producer).toHaveURL(/\/login/);
  await producer.getByRole("link", { name: "Sign up now" }).click();
  await producer.getByLabel("Full Name / Artist Name").fill("Priya Producer");
  // The invited address is filled in from the link.
  await expect(producer.getByLabel("Email Address")).toHaveValue(producerEmail);
  await producer.getByLabel("Password", { exact: true }).fill("producer-pass");
  await producer.getByLabel("Confirm Password").fill("producer-pass");
  await producer.getByRole("button", { name: "Create Account" }).click();
  await expectToast(producer, "Registration Successful");
  // The router keeps the register form on screen until the sign-in page's code has loaded.
  await expect(producer.getByLabel("Confirm Password")).toHaveCount(0);
  await expect(producer.getByLabel("Email")).toHaveValue(producerEmail);
  await producer.getByLabel("Password").fill("producer-pass");
  await producer.getByRole("button", { name: "Sign In" }).click();
  await expect(producer.getByRole("heading", { name: "Your share of the royalties" })).toBeVisible();
  await expect(producer.getByText("on the split sheet of “Split Song”")).toBeVisible();
  await producer.getByRole("button", { name: "Accept invite" }).click();
  // A matching address is no proof (anyone can register it): a code mailed to the invited address is.
  await expect(producer.getByText(/prove that .*•••@example\.com is yours/)).toBeVisible();
  await producer.getByRole("button", { name: /^Send a code to / }).click();
  const codeMail = await latestMailTo(producerEmail, "Your Kalrav invite code");
  await producer.getByLabel("Code").fill(/\b(\d{6})\b/.exec(codeMail.text)?.[1] ?? "");
  await producer.getByRole("button", { name: "Accept invite" }).click();
  await expectToast(producer, "Invite accepted");
  // A payee needs no plan: the dashboard shows their shares, not a paywall or an artist's first steps.
  await producer.goto("/app/dashboard");
  await expect(producer.getByRole("heading", { name: "Your shares of other artists' songs" })).toBeVisible();
  await expect(producer.getByRole("link", { name: /^Pay for / })).toHaveCount(0);

  // The admin approves the release and imports a store report: ₹2,000 of revenue, 80 % kept (Basic
  // Artist) is ₹1,600 to divide: ₹960 for the artist, ₹640 for the producer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  const approved = await admin.request.post(`/api/admin/releases/${releaseId}/approve`, { headers: { origin } });
  expect(approved.ok()).toBeTruthy();
  const file = testInfo.outputPath("split-report.csv");
  await fs.writeFile(
    file,
    [
      "date,store,country,upc,isrc,streams,listeners,revenue,currency",
      `${today},Spotify,IN,${upc},,4000,900,2000.00,INR`,
    ].join("\n"),
  );
  await admin.goto("/admin/reports");
  await admin.getByLabel("Report file (CSV)").setInputFiles(file);
  await admin.getByRole("button", { name: "Upload Report" }).click();
  await expect(admin.getByRole("row").filter({ hasText: "split-report.csv" }).first()).toContainText("completed", {
    timeout: 20_000,
  });

  // Both see their statement for the month.
  const statementOf = (p: typeof page) => p.getByRole("region", { name: "Statement" });
  await page.goto("/app/royalties");
  await expect(statementOf(page).getByRole("table", { name: /^Earnings in .*, by track$/ })).toContainText(
    "Split Song",
  );
  // The store-by-country detail opens on request.
  await statementOf(page)
    .getByText(/^Every store and country/)
    .click();
  await expect(statementOf(page).getByRole("table", { name: /by store and country$/ })).toContainText("Spotify");
  await expect(statementOf(page).getByText("Closing balance").locator("..")).toContainText("₹960");
  await producer.goto("/app/royalties");
  await expect(statementOf(producer).getByRole("table", { name: /^Earnings in .*, by track$/ })).toContainText(
    "Split Song",
  );
  await expect(statementOf(producer).getByText("Closing balance").locator("..")).toContainText("₹640");
  await expect(statementOf(producer).getByRole("link", { name: /Download PDF/ })).toBeVisible();

  // One truth about money (issue 33): each payee reads the same figure on every screen, and the
  // owner's statement says what went to the producer.
  await expect(statementOf(page).getByText("Shared with Priya Producer").locator("..")).toContainText("₹640");
  for (const [who, figure] of [
    [page, "₹960"],
    [producer, "₹640"],
  ] as const) {
    await who.goto("/app/dashboard");
    await expect(who.getByRole("heading", { name: "Total Royalties (INR)" }).locator("..").locator("..")).toContainText(
      figure,
    );
    await who.goto("/app/analytics");
    await expect(who.getByRole("heading", { name: "Royalties", exact: true }).locator("..")).toContainText(figure);
    await who.goto("/app/royalties");
    await expect(who.getByRole("heading", { name: "Total Earnings" }).locator("..")).toContainText(figure);
    await expect(statementOf(who).getByText("Closing balance").locator("..")).toContainText(figure);
  }

  // The producer adds a UPI ID (checked by the test provider) and asks for the payout.
  await producer.goto("/app/settings");
  await producer.getByRole("tab", { name: "Payment" }).click();
  await producer.getByLabel("Legal name (as on PAN)").fill("Priya Producer");
  await producer.getByLabel("PAN", { exact: true }).fill("ABCPP1234Q");
  await producer.getByRole("radio", { name: "UPI" }).check();
  await producer.getByRole("textbox", { name: "UPI ID" }).fill("priya@okaxis");
  await producer.getByRole("button", { name: "Save and verify" }).click();
  await expect(producer.getByRole("status").filter({ hasText: "Status:" })).toContainText(
    "registered to PRIYA PRODUCER",
  );
  await producer.goto("/app/royalties");
  await producer.getByRole("button", { name: "Request Payout" }).click();
  // Money does not move on one click: the amount and the account are confirmed first.
  const request = producer.getByRole("alertdialog", { name: "Request ₹640?" });
  await expect(request).toContainText("UPI ID priya@okaxis (registered to PRIYA PRODUCER)");
  await request.getByRole("button", { name: "Request payout" }).click();
  await expectToast(producer, "Payout requested");
  // Right after, the page says what happens next.
  await expect(producer.getByText(/Your payout of ₹640 is pending: we review requests/)).toBeVisible();

  // The admin approves it, seeing where it goes; the provider pays and calls back with the UTR.
  // Payouts have a page of their own in the admin navigation (issue 34).
  await admin.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Payouts" }).click();
  await expect(admin.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "Approve payout to Priya Producer" }).click();
  const approval = admin.getByRole("alertdialog", { name: "Send ₹640.00 to Priya Producer?" });
  await expect(approval.getByRole("list", { name: "Where the money goes" })).toContainText("to priya@okaxis");
  await expect(approval).toContainText("Name at the bank: PRIYA PRODUCER");
  await approval.getByRole("button", { name: "Send 1 payout" }).click();
  await expectToast(admin, "1 sent to the payout provider");
  // The provider's webhook lands a moment later: the admin sees it on the next look.
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByRole("row").filter({ hasText: "Priya Producer" }).first()).toContainText(/TESTUTR/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await adminContext.close();

  await producer.reload();
  const paid = producer.getByRole("table", { name: "Transaction history" }).getByRole("row").nth(1);
  await expect(paid).toContainText("₹640");
  await expect(paid).toContainText("Completed");
  await expect(paid).toContainText(/TESTUTR[0-9A-F]+/);
  await producerContext.close();
});
