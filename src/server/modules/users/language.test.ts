import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { createArtist, createTicket } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";

const localeOf = async (server: TestServer, email: string) =>
  (await server.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

describe("the language a person reads Kalrav in (issue 39)", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("is saved from Settings for the signed-in user only, refused when unknown, and kept by the browser", async () => {
    expect((await server.client().request("PUT", "/api/language", { locale: "hi" })).status).toBe(401);
    const artist = await createArtist(server, "Bhasha Artist");
    expect((await artist.client.get("/api/session")).body.user.locale).toBe("en");

    for (const bad of [{ locale: "fr" }, { locale: "" }, { locale: "hi", extra: 1 }, {}]) {
      const refused = await artist.client.request("PUT", "/api/language", bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await artist.client.get("/api/session")).body.user.locale).toBe("en");

    const saved = await artist.client.request("PUT", "/api/language", { locale: "hi" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ locale: "hi" });
    expect(saved.headers.get("set-cookie")).toMatch(/^kalrav_lang=hi; Path=\//);
    expect((await artist.client.get("/api/session")).body.user.locale).toBe("hi");
  });

  it("answers the server's refusals in the reader's language, with the values in them, and leaves unknown words alone", async () => {
    const artist = await createArtist(server, "Bhasha Refusals");
    // The signed-in browser says its language by its cookie or Accept-Language (the client sends its own cookies).
    const hindi = { "accept-language": "hi-IN,hi;q=0.9" };
    const empty = await artist.client.request("POST", "/api/artists", { name: "  " }, hindi);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("आर्टिस्ट का नाम डालें।");
    expect(empty.body.error.details[0]).toEqual({ path: "name", message: "आर्टिस्ट का नाम डालें।" });
    // A message with a value in it: the value kept, the words translated.
    const long = await artist.client.request("POST", "/api/artists", { name: "क".repeat(101) }, hindi);
    expect(long.body.error.message).toBe("नाम 100 अक्षरों के अंदर रखें।");
    // The same refusal in English without the choice, and a browser asking for Hindi gets Hindi.
    expect((await artist.client.request("POST", "/api/artists", { name: "" })).body.error.message).toBe(
      "Enter the artist's name.",
    );
    const asked = await artist.client.request("POST", "/api/artists?lang=hi", { name: "" });
    expect(asked.body.error.message).toBe("आर्टिस्ट का नाम डालें।");
    // Not found: a route's own refusal the catalogues do not hold passes through unchanged.
    const missing = await artist.client.request("GET", "/api/no-such-route", undefined, hindi);
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error.message).toBe("string");
  });

  it("writes each person's notification and its e-mail in their language, whoever triggers it", async () => {
    const hindi = await createArtist(server, "Hindi Reader");
    const english = await createArtist(server, "English Reader");
    expect((await hindi.client.request("PUT", "/api/language", { locale: "hi" })).status).toBe(200);
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    for (const artist of [hindi, english]) {
      const ticket = await createTicket(artist.client, { subject: "Royalty kab milegi" });
      // The admin reads English; the reply's notice follows the artist's choice, not the admin's.
      expect((await admin.post(`/api/admin/tickets/${ticket.id}/replies`, { message: "Looking into it" })).status).toBe(
        201,
      );
    }
    const [inHindi] = (await hindi.client.get("/api/notifications")).body.notifications;
    expect(inHindi.title).toMatch(/^टिकट #\d+ पर नया जवाब$/);
    expect(inHindi.body).toBe('हमारी सहायता टीम ने "Royalty kab milegi" का जवाब दिया।');
    const [inEnglish] = (await english.client.get("/api/notifications")).body.notifications;
    expect(inEnglish.title).toMatch(/^New reply on ticket #\d+$/);

    const mails = await server.outbox();
    const toHindi = mails.find((m) => m.to === hindi.email);
    expect(toHindi?.subject).toBe(inHindi.title);
    expect(toHindi?.text).toContain("नमस्ते Hindi Reader");
    expect(toHindi?.text).toContain("कलरव टीम");
    const toEnglish = mails.find((m) => m.to === english.email);
    expect(toEnglish?.text).toContain("Hello English Reader");
    expect(toEnglish?.text).toContain("The Kalrav team");
  });

  it("writes an invitation in the invitee's language, else in the language of whoever sent it", async () => {
    const owner = await createArtist(server, "Rang Records");
    expect((await owner.client.request("PUT", "/api/language", { locale: "hi" })).status).toBe(200);
    const reader = await createArtist(server, "English Manager");
    for (const email of ["naya@example.com", reader.email])
      expect((await owner.client.post("/api/workspace/invitations", { email, role: "viewer" })).status).toBe(201);
    const mails = await server.outbox();
    const toNew = mails.find((m) => m.to === "naya@example.com");
    expect(toNew?.subject).toBe("Rang Records ने आपको कलरव पर Rang Records में बुलाया है");
    expect(toNew?.text).toContain("दर्शक के रूप में");
    const toReader = mails.find((m) => m.to === reader.email);
    expect(toReader?.subject).toBe("Rang Records invited you to Rang Records on Kalrav");
    // The audit log keeps each entry by key too, so the owner reads it in their language.
    const [latest] = (await owner.client.get("/api/workspace/audit")).body.entries;
    expect(latest).toMatchObject({
      summary: `Invited ${reader.email} as Viewer`,
      summarySaid: ["audit.s.invited", { email: reader.email, role: "viewer" }],
    });
  });

  it("answers sign-in errors in the visitor's language", async () => {
    const { email } = await createArtist(server, "Galat Password");
    const hindi = await server.client().request(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: "wrong-one" },
      {
        cookie: "kalrav_lang=hi",
      },
    );
    expect(hindi.status).toBe(401);
    expect(hindi.body.error).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "ईमेल या पासवर्ड गलत है" });
    const english = await server.client().request("POST", "/api/auth/sign-in/email", { email, password: "wrong-one" });
    expect(english.body.error).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });
});

describe("a new account's language (issue 39)", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "true" });
  });
  afterEach(async () => {
    await server?.close();
  });

  it("starts a new account in the language it registered in, and mails it in that language", async () => {
    const browser = server.client();
    const signUp = await browser.post(
      "/api/auth/sign-up/email",
      { name: "नई आर्टिस्ट", email: "hindi@example.com", password: "hindi-pass", callbackURL: "/login?verified=1" },
      { cookie: "kalrav_lang=hi" },
    );
    expect(signUp.status).toBe(200);
    expect(await localeOf(server, "hindi@example.com")).toBe("hi");
    const english = server.client();
    await english.post(
      "/api/auth/sign-up/email",
      { name: "New Artist", email: "english@example.com", password: "english-pass" },
      { "accept-language": "en-IN,en;q=0.9" },
    );
    expect(await localeOf(server, "english@example.com")).toBe("en");
    // A first visit follows the browser's language.
    const browserHindi = server.client();
    await browserHindi.post(
      "/api/auth/sign-up/email",
      { name: "Browser Hindi", email: "browser@example.com", password: "browser-pass" },
      { "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" },
    );
    expect(await localeOf(server, "browser@example.com")).toBe("hi");
    // A language we do not speak is refused, and no account is made with it.
    const refused = await server
      .client()
      .post("/api/auth/sign-up/email", { name: "X", email: "fr@example.com", password: "french-pass", locale: "fr" });
    expect(refused.status).toBe(400);
    expect(await localeOf(server, "fr@example.com")).toBeUndefined();

    const mails = await server.outbox();
    const hindi = mails.find((m) => m.to === "hindi@example.com");
    expect(hindi?.subject).toBe("कलरव के लिए अपना ईमेल कन्फ़र्म करें");
    expect(hindi?.text).toContain("कलरव में आपका स्वागत है, नई आर्टिस्ट!");
    expect(hindi?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(mails.find((m) => m.to === "english@example.com")?.subject).toBe("Confirm your e-mail for Kalrav");
  });
});
