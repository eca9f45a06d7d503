import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { DEFAULT_NOTIFICATION_PREFERENCES, SETTINGS_MESSAGES } from "#domain/settings";
import { createArtist, createTicket, setReleaseStatus, validRelease } from "#server/test/factories";
import { startTestServer, type TestClient, type TestServer } from "#server/test/test-server";
import { totpFromUri } from "#server/test/totp";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa65bc30000000049454e44ae426082",
  "hex",
);

async function upload(client: TestClient, bytes: Uint8Array, type = "image/png") {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), "picture");
  const cookie = (client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await fetch(`${client.baseUrl}/api/profile/avatar`, {
    method: "POST",
    body: form,
    headers: { origin: client.baseUrl, cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: res.status, body: await res.json() };
}

describe("settings API", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors on every settings route", async () => {
    const anonymous = server.client();
    for (const [method, path] of [
      ["GET", "/api/profile"],
      ["PUT", "/api/profile"],
      ["POST", "/api/profile/avatar"],
      ["GET", "/api/payee-details"],
      ["PUT", "/api/payee-details"],
      ["GET", "/api/notification-preferences"],
      ["PUT", "/api/notification-preferences"],
    ] as const) {
      const res = await anonymous.request(method, path, method === "GET" ? undefined : {});
      expect([401, 400], `${method} ${path}`).toContain(res.status);
      if (method === "GET") expect(res.status).toBe(401);
    }
  });

  it("saves the profile, refuses bad links, and shows each artist only their own", async () => {
    const artist = await createArtist(server, "Profile Artist");
    const other = await createArtist(server, "Someone Else");
    const saved = await artist.client.request("PUT", "/api/profile", {
      name: "Asha Rao",
      bio: "Indie from Kolkata",
      website: "https://asha.example",
      instagram: "@asha.music",
      twitter: "https://x.com/asha",
    });
    expect(saved.status).toBe(200);
    expect((await artist.client.get("/api/profile")).body).toMatchObject({
      name: "Asha Rao",
      bio: "Indie from Kolkata",
      instagram: "@asha.music",
    });
    expect((await other.client.get("/api/profile")).body.name).toBe("Someone Else");
    for (const bad of [{ website: "javascript:alert(1)" }, { instagram: "<script>" }, { name: " " }]) {
      const res = await artist.client.request("PUT", "/api/profile", { name: "Asha Rao", ...bad });
      expect(res.status).toBe(400);
    }
    expect((await artist.client.get("/api/profile")).body.website).toBe("https://asha.example");
  });

  it("stores a JPG/PNG avatar up to 2 MB, checked by its bytes, and serves it", async () => {
    const artist = await createArtist(server);
    const ok = await upload(artist.client, PNG);
    expect(ok.status).toBe(200);
    expect(ok.body.image).toMatch(/^\/api\/uploads\/avatars\/.+\.png$/);
    const served = await fetch(`${server.url}${ok.body.image}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const gif = await upload(artist.client, Buffer.from("GIF89a-not-allowed"), "image/png");
    expect(gif.status).toBe(400);
    expect(gif.body.error.message).toBe(SETTINGS_MESSAGES.avatarWrongType);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(artist.client, big)).status).toBeGreaterThanOrEqual(400);
    expect((await artist.client.get("/api/profile")).body.image).toBe(ok.body.image);
    expect((await server.client().get("/api/uploads/avatars/..%2F..%2Fauth-secret")).status).toBeGreaterThanOrEqual(
      400,
    );
  });

  it("keeps one set of payee details: a bank abroad, encrypted at rest, shown masked, replaced whole by India's (issue 34)", async () => {
    const artist = await createArtist(server);
    expect((await artist.client.get("/api/payee-details")).body).toEqual({ details: null });
    // The old second endpoint is gone: one endpoint, one form.
    expect((await artist.client.request("PUT", "/api/payout-account", { method: "paypal" })).status).toBe(404);
    const bank = {
      residence: "abroad",
      legalName: "Asha Rao",
      method: "bankTransfer",
      accountNumber: "DE89370400440532013000",
      routingNumber: "deutdeff",
      bankName: "Deutsche Bank",
      taxForm: "w8ben",
    };
    const saved = await artist.client.request("PUT", "/api/payee-details", bank);
    expect(saved.status).toBe(200);
    expect(saved.body.details).toMatchObject({
      residence: "abroad",
      method: "bankTransfer",
      accountLast4: "3000",
      routingNumber: "DEUTDEFF",
      taxForm: "w8ben",
      status: null,
    });
    expect(saved.text).not.toContain("DE89370400440532013000");
    const stored = async () => {
      const raw = await server.database.db.execute(sql`select * from payout_accounts where user_id = ${artist.id}`);
      return (raw as unknown as { rows: Record<string, string | null>[] }).rows[0] ?? {};
    };
    expect((await stored()).account_number_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(await stored())).not.toContain("DE89370400440532013000");

    // A blank number keeps the stored one; a bad field is refused with its message beside it.
    const renamed = await artist.client.request("PUT", "/api/payee-details", {
      ...bank,
      accountNumber: "",
      bankName: "DB",
    });
    expect(renamed.body.details).toMatchObject({ bankName: "DB", accountLast4: "3000" });
    for (const bad of [{ routingNumber: "XYZ" }, { accountNumber: "1!" }, { method: "cash" }, { taxForm: "w2" }]) {
      expect((await artist.client.request("PUT", "/api/payee-details", { ...bank, ...bad })).status).toBe(400);
    }
    // PayPal needs no account number, and drops the bank's.
    const paypal = await artist.client.request("PUT", "/api/payee-details", {
      residence: "abroad",
      legalName: "Asha Rao",
      method: "paypal",
      paypalEmail: "asha@paypal.example",
      taxForm: "w8ben",
    });
    expect(paypal.body.details).toMatchObject({ method: "paypal", accountLast4: null, bankName: null });
    expect((await stored()).account_number_encrypted).toBeNull();

    // Moving to India: the provider checks the account, and nothing of the payee abroad is left.
    const india = await artist.client.request("PUT", "/api/payee-details", {
      residence: "india",
      legalName: "Asha Rao",
      method: "upi",
      upiId: "asha@okaxis",
    });
    expect(india.status).toBe(200);
    expect(india.body.details).toMatchObject({ residence: "india", method: "upi", status: "verified", taxForm: null });
    expect(await stored()).toMatchObject({ paypal_email: null, tax_form: null, routing_number: null });
    // Back to a bank abroad: its number must be given again (the old one was not kept).
    const again = await artist.client.request("PUT", "/api/payee-details", { ...bank, accountNumber: "" });
    expect(again.status).toBe(400);
    expect(again.body.error.details.fields.accountNumber).toBeTruthy();
  });

  it("keeps the spec's notification defaults until saved", async () => {
    const artist = await createArtist(server);
    expect((await artist.client.get("/api/notification-preferences")).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const changed = { ...DEFAULT_NOTIFICATION_PREFERENCES, emailReleaseUpdates: false, pushNewFeatures: true };
    expect((await artist.client.request("PUT", "/api/notification-preferences", changed)).status).toBe(200);
    expect((await artist.client.get("/api/notification-preferences")).body).toEqual(changed);
    expect(
      (await artist.client.request("PUT", "/api/notification-preferences", { emailMarketing: "yes" })).status,
    ).toBe(400);
  });
});

describe("account security", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("changes the password only with the current one and at least 8 characters, ending other sessions", async () => {
    const artist = await createArtist(server);
    const otherDevice = server.client();
    await otherDevice.signIn(artist.email, "artist-pass");
    const short = await artist.client.post("/api/auth/change-password", {
      currentPassword: "artist-pass",
      newPassword: "1234567",
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(MESSAGES.changePassword.weak);
    const wrong = await artist.client.post("/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "new-password",
    });
    expect(wrong.status).toBe(400);
    const ok = await artist.client.post("/api/auth/change-password", {
      currentPassword: "artist-pass",
      newPassword: "new-password",
      revokeOtherSessions: true,
    });
    expect(ok.status).toBe(200);
    expect((await artist.client.get("/api/session")).body.user).not.toBeNull();
    expect((await otherDevice.get("/api/session")).body.user).toBeNull();
    expect((await server.client().signIn(artist.email, "new-password")).status).toBe(200);
  });

  it("enrols TOTP with a code from an authenticator, then asks for one at sign-in", async () => {
    const artist = await createArtist(server);
    const enable = await artist.client.post("/api/auth/two-factor/enable", { password: "artist-pass" });
    expect(enable.status).toBe(200);
    expect(enable.body.totpURI).toMatch(/^otpauth:\/\/totp\/Kalrav/);
    expect(enable.body.backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await artist.client.get("/api/session")).body.user.twoFactorEnabled).toBe(false);
    const verify = await artist.client.post("/api/auth/two-factor/verify-totp", {
      code: totpFromUri(enable.body.totpURI),
    });
    expect(verify.status).toBe(200);
    expect((await artist.client.get("/api/session")).body.user.twoFactorEnabled).toBe(true);

    const browser = server.client();
    const first = await browser.signIn(artist.email, "artist-pass");
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.get("/api/session")).body.user).toBeNull();
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: "000000" })).status).toBe(401);
    const second = await browser.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(enable.body.totpURI) });
    expect(second.status).toBe(200);
    expect((await browser.get("/api/session")).body.user.email).toBe(artist.email);

    const backup = server.client();
    await backup.signIn(artist.email, "artist-pass");
    const withBackup = await backup.post("/api/auth/two-factor/verify-backup-code", {
      code: enable.body.backupCodes[0],
    });
    expect(withBackup.status).toBe(200);

    expect((await artist.client.post("/api/auth/two-factor/disable", { password: "artist-pass" })).status).toBe(200);
    expect((await server.client().signIn(artist.email, "artist-pass")).body.twoFactorRedirect).toBeUndefined();
  });

  it("signs out everywhere else", async () => {
    const artist = await createArtist(server);
    const laptop = server.client();
    await laptop.signIn(artist.email, "artist-pass");
    expect((await artist.client.post("/api/auth/revoke-other-sessions")).status).toBe(200);
    expect((await laptop.get("/api/session")).body.user).toBeNull();
    expect((await artist.client.get("/api/session")).body.user).not.toBeNull();
  });

  it("changes the e-mail only after the new address confirms it", async () => {
    const artist = await createArtist(server);
    const res = await artist.client.post("/api/auth/change-email", {
      newEmail: "moved@example.com",
      callbackURL: "/app/settings",
      password: "artist-pass",
    });
    expect(res.status).toBe(200);
    expect((await artist.client.get("/api/session")).body.user.email).toBe(artist.email);
    const mail = (await server.outbox()).find((m) => m.to === "moved@example.com");
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect((await artist.client.get(link.pathname + link.search)).status).toBe(302);
    expect((await artist.client.get("/api/session")).body.user.email).toBe("moved@example.com");
  });

  it("deletes the account with its password: live releases are taken down and kept, the rest goes", async () => {
    const artist = await createArtist(server);
    const live = (await artist.client.post("/api/releases", validRelease({ title: "Live one" }))).body.release;
    const pending = (await artist.client.post("/api/releases", validRelease({ title: "Pending one" }))).body.release;
    await setReleaseStatus(server.database, live.id, "live");
    await createTicket(artist.client, { subject: "Bye", description: "Leaving" });

    expect((await artist.client.post("/api/auth/delete-user", { password: "wrong-pass" })).status).toBe(400);
    const deleted = await artist.client.post("/api/auth/delete-user", { password: "artist-pass" });
    expect(deleted.status).toBe(200);
    expect((await artist.client.get("/api/session")).body.user).toBeNull();
    expect((await server.client().signIn(artist.email, "artist-pass")).status).toBe(401);

    const rows = await server.database.db.execute(
      sql`select id, status, user_id from releases where id in (${live.id}, ${pending.id})`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { id: live.id, status: "taken_down", user_id: null },
    ]);
    const left = await server.database.db.execute(sql`select
      (select count(*)::int from users where id = ${artist.id}) as users,
      (select count(*)::int from support_tickets where user_id = ${artist.id}) as tickets`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 0, tickets: 0 });
  });
});
