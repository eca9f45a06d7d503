import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tdsQuarterIst, todayIst } from "#domain/clock";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { pdfText, visualText } from "#server/test/pdf-text";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

/** Issue 33: a release title and a payee's legal name reached CSVs as formulas a spreadsheet would run. */
describe("CSVs we write never carry a formula", () => {
  let server: TestServer;
  let admin: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("in a statement (the release title) and in the admin's TDS file (the payee's legal name)", async () => {
    const artist = await createArtist(server, "Owner");
    const title = '=HYPERLINK("http://evil.test","Click")';
    const release = await createLiveRelease(server, admin, artist.client, { title });
    const day = todayIst();
    await importReport(admin, "r.csv", [`${day},Spotify,IN,${release.upcEan},${release.isrcs[0]},100,10,1000.00,INR`]);
    const statement = await artist.client.send("GET", `/api/royalties/statements/${day.slice(0, 7)}/csv`, undefined);
    expect(statement.status).toBe(200);
    expect(statement.bytes.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(statement.text).toContain(`'=HYPERLINK(`);
    expect(statement.text).not.toMatch(/(^|[\n,])"?=HYPERLINK/);

    const kyc = await artist.client.request("PUT", "/api/payee-details", {
      residence: "india",
      legalName: "@SUM(1+1)*cmd",
      pan: "ABCPE1234F",
      method: "upi",
      upiId: "owner@okbank",
    });
    expect(kyc.status).toBe(200);
    expect((await artist.client.post("/api/royalties/payouts")).status).toBe(201);
    const { fy, quarter } = tdsQuarterIst(new Date());
    const tds = await admin.send("GET", `/api/admin/tds?fy=${fy}&quarter=${quarter}`, undefined);
    expect(tds.status).toBe(200);
    expect(tds.text).toContain("'@SUM(1+1)*cmd");
    expect(tds.text).not.toMatch(/(^|[\n,])"?@SUM/);
  });
});

/** Issue 33 (LOW): statements and TDS files for years like 9999 or 0000 answered 500. */
describe("periods the ledger cannot hold", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it("are refused with a message, never a 500", async () => {
    server = await startTestServer();
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const artist = await createArtist(server, "Periods");
    for (const month of ["0000-01", "9999-12", "2026-13", "1999-12"]) {
      for (const path of [`/api/royalties/statements/${month}`, `/api/royalties/statements/${month}/pdf`]) {
        const res = await artist.client.get(path);
        expect(res.status, path).toBe(400);
      }
    }
    for (const fy of ["9999-00", "0000-01", "2026-28", "2100-01"]) {
      expect((await admin.send("GET", `/api/admin/tds?fy=${fy}&quarter=1`, undefined)).status, fy).toBe(400);
      expect((await artist.client.get(`/api/royalties/tds?fy=${fy}&quarter=1`)).status, fy).toBeLessThan(500);
    }
  });

  it("a NUL in an upload's file name is dropped, never a 500", async () => {
    server = await startTestServer();
    const artist = await createArtist(server, "Nul");
    const meta = [
      `kind ${Buffer.from("audio").toString("base64")}`,
      `filetype ${Buffer.from("audio/wav").toString("base64")}`,
      `filename ${Buffer.from("bad\u0000name.wav").toString("base64")}`,
    ].join(",");
    const res = await artist.client.send("POST", "/api/uploads", undefined, {
      "tus-resumable": "1.0.0",
      "upload-length": "10",
      "upload-metadata": meta,
    });
    expect(res.status).toBe(201);
  });
});

/** Issue 39: the royalty statement's PDF in the language of whoever downloads it, every glyph drawn. */
describe("the statement PDF", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  const visual = visualText;

  it("is in Hindi for a reader who chose Hindi, and in English otherwise", async () => {
    server = await startTestServer();
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const artist = await createArtist(server, "Geet Kaar");
    const release = await createLiveRelease(server, admin, artist.client, { title: "Saawan" });
    const day = todayIst();
    await importReport(admin, "r.csv", [`${day},Spotify,IN,${release.upcEan},${release.isrcs[0]},100,10,1000.00,INR`]);
    const path = `/api/royalties/statements/${day.slice(0, 7)}/pdf`;

    const english = await pdfText((await artist.client.send("GET", path, undefined)).bytes);
    expect(english).toContain("Royalty statement");
    expect(english).toMatch(/Total earnings: ₹[\d,]+\.\d\d/);

    expect((await artist.client.request("PUT", "/api/language", { locale: "hi" })).status).toBe(200);
    const hindi = visual(await pdfText((await artist.client.send("GET", path, undefined)).bytes));
    for (const label of ["रॉयल्टी स्टेटमेंट", "महीना:", "पेयी: Geet Kaar", "कुल कमाई: ₹", "अंतिम बैलेंस: ₹"])
      expect(hindi).toContain(visual(label));
    expect(hindi).not.toContain("Totalearnings");
  });
});
