import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { signInStanding } from "#server/auth/sign-in-limit";
import { users } from "#server/db/schema";
import type { Logger } from "#server/lib/logger";
import { createMailer } from "#server/mail/mailer";
import { createArtist } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { totpFromUri } from "#server/test/totp";

describe("the auth library keeps our rules", () => {
  let server: TestServer;
  let admin: TestClient;
  beforeEach(async () => {
    server = await startTestServer({ SIGN_IN_ACCOUNT_ATTEMPTS: "3", SIGN_IN_LOCK_SECONDS: "1", TRUST_PROXY: "true" });
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("answers sign-up byte for byte the same for a new and a registered e-mail", async () => {
    const first = await server.client().signUp("Same Name", "same@example.com", "first-pass");
    const second = await server.client().signUp("Same Name", "same@example.com", "other-pass");
    expect(first.status).toBe(200);
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    expect(first.body.user).toEqual({ name: "Same Name", email: "same@example.com", emailVerified: false });
    for (const header of ["content-type", "set-cookie", "cache-control"]) {
      expect(second.headers.get(header)).toBe(first.headers.get(header));
    }
  });

  it("exposes none of the library's endpoints that our routes wrap or do not offer", async () => {
    const artist = await createArtist(server);
    const huge = "x".repeat(50_000);
    const refused: [TestClient, string, unknown][] = [
      [artist.client, "/api/auth/update-user", { name: huge, image: "javascript:alert(1)" }],
      [admin, "/api/auth/admin/set-role", { userId: "x", role: "artist" }],
      [admin, "/api/auth/admin/impersonate-user", { userId: artist.id }],
      [admin, "/api/auth/admin/set-user-password", { userId: artist.id, newPassword: "hijacked-pass" }],
      [admin, "/api/auth/admin/remove-user", { userId: artist.id }],
      [admin, "/api/auth/admin/ban-user", { userId: artist.id }],
      [admin, "/api/auth/admin/create-user", { email: "x@example.com", password: "x-pass-123", name: "x" }],
      [artist.client, "/api/auth/list-sessions", undefined],
    ];
    for (const [client, path, body] of refused) {
      const res = body === undefined ? await client.get(path) : await client.post(path, body);
      expect(res.status, path).toBe(404);
    }
    // The last admin cannot be demoted through the library either (it is not reachable at all).
    const [me] = await server.database.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    const demote = await admin.post("/api/auth/admin/set-role", { userId: me?.id, role: "artist" });
    expect(demote.status).toBe(404);
    expect((await admin.get("/api/session")).body.user.role).toBe("admin");
    const [after] = await server.database.db.select().from(users).where(eq(users.id, artist.id));
    expect(after).toMatchObject({ name: "Artist", image: null, banned: false });
    expect((await server.client().signIn(artist.email, "artist-pass")).status).toBe(200);
  });

  it("changes the e-mail only with the current password, tells the old address, and lets it cancel", async () => {
    const artist = await createArtist(server);
    const change = (password?: string) =>
      artist.client.post("/api/auth/change-email", {
        newEmail: "new-home@example.com",
        callbackURL: "/app/settings",
        ...(password === undefined ? {} : { password }),
      });
    expect((await change()).body.error).toEqual({ code: "PASSWORD_REQUIRED", message: MESSAGES.passwordRequired });
    expect((await change("wrong-pass")).body.error.code).toBe("INVALID_PASSWORD");
    expect((await server.outbox()).some((m) => m.to === "new-home@example.com")).toBe(false);
    expect((await change("artist-pass")).status).toBe(200);

    const mails = await server.outbox();
    const toOld = mails.find((m) => m.to === artist.email && m.subject.includes("being changed"));
    const toNew = mails.find((m) => m.to === "new-home@example.com");
    expect(toOld?.text).toContain("new-home@example.com");
    const cancelLink = new URL(toOld?.text.match(/https?:\/\/\S+cancel\S+/)?.[0] ?? "");
    const cancelled = await server.client().get(cancelLink.pathname + cancelLink.search);
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain("E-mail change cancelled");
    // Used once.
    expect((await server.client().get(cancelLink.pathname + cancelLink.search)).status).toBe(400);

    const confirm = new URL(toNew?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    const refused = await artist.client.get(confirm.pathname + confirm.search);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("EMAIL_CHANGE_CANCELLED");
    expect((await artist.client.get("/api/session")).body.user.email).toBe(artist.email);
  });

  it("deletes an account only with its password", async () => {
    const artist = await createArtist(server);
    const res = await artist.client.post("/api/auth/delete-user", {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("PASSWORD_REQUIRED");
    expect((await artist.client.get("/api/session")).body.user.email).toBe(artist.email);
  });

  it("lets a TOTP code complete one sign-in only", async () => {
    const artist = await createArtist(server);
    const enable = await artist.client.post("/api/auth/two-factor/enable", { password: "artist-pass" });
    const uri = enable.body.totpURI as string;
    expect((await artist.client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(uri) })).status).toBe(200);
    // Both sign-ins use the code of one moment, as an attacker who saw it would.
    const now = Date.now();
    const code = totpFromUri(uri, now);
    const owner = server.client();
    const attacker = server.client();
    await owner.signIn(artist.email, "artist-pass");
    await attacker.signIn(artist.email, "artist-pass");
    expect((await owner.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    const replay = await attacker.post("/api/auth/two-factor/verify-totp", { code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toEqual({ code: "TOTP_REUSED", message: MESSAGES.totpReused });
    expect((await attacker.get("/api/session")).body.user).toBeNull();
    expect((await owner.get("/api/session")).body.user.email).toBe(artist.email);
  });

  it("pauses guessing per account and address: guesses from elsewhere never lock the owner out", async () => {
    // Issue 33: one wrong password per pause from anywhere kept an account locked for everyone.
    const artist = await createArtist(server);
    const from = (i: number) => ({ "x-forwarded-for": `203.0.113.${i}` });
    const signIn = (password: string, i: number, client = server.client()) =>
      client.post("/api/auth/sign-in/email", { email: artist.email, password }, from(i));
    // The owner signing in from many devices at once is never paused: only failures count.
    const devices = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn("artist-pass", 50 + i)));
    expect(devices.map((d) => d.status)).toEqual(Array(8).fill(200));
    // An attacker at one address: paused after three failures there, even with the right password.
    for (let i = 0; i < 3; i++) expect((await signIn(`guess-${i}`, 1)).status).toBe(401);
    const locked = await signIn("artist-pass", 1);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("ACCOUNT_LOCKED");
    expect(locked.body.error.message).toMatch(/Try again in \d+ seconds?/);
    // The owner at another address is not.
    expect((await signIn("artist-pass", 2)).status).toBe(200);
    // However many guesses came, the pause is capped (15 minutes).
    const { pause: wait } = await signInStanding(server.database.db, artist.email, { address: "203.0.113.1" });
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  }, 60_000);

  it("a browser that signed in before is never paused by guesses from its own address, and a reset clears all", async () => {
    const artist = await createArtist(server);
    const owner = server.client();
    const shared = { "x-forwarded-for": "198.51.100.7" }; // one address for both (a carrier's NAT)
    expect(
      (await owner.post("/api/auth/sign-in/email", { email: artist.email, password: "artist-pass" }, shared)).status,
    ).toBe(200);
    expect(owner.cookie("kalrav_device")).toBeTruthy();
    const guess = () =>
      server.client().post("/api/auth/sign-in/email", { email: artist.email, password: "nope" }, shared);
    for (let i = 0; i < 4; i++) await guess();
    expect((await guess()).status).toBe(429);
    // The owner's browser, known to the account, still gets in from the same address.
    const back = await owner.post("/api/auth/sign-in/email", { email: artist.email, password: "artist-pass" }, shared);
    expect(back.status).toBe(200);
    // A forged device cookie is an unknown browser.
    const forged = server.client();
    const forging = await forged.post(
      "/api/auth/sign-in/email",
      { email: artist.email, password: "artist-pass" },
      { ...shared, cookie: "kalrav_device=abc.def" },
    );
    expect(forging.status).toBe(429);
    // Guesses spread over many addresses slow every sign-in to the account, never refuse the owner.
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        server
          .client()
          .post(
            "/api/auth/sign-in/email",
            { email: artist.email, password: `x${i}` },
            { "x-forwarded-for": `192.0.2.${i}` },
          ),
      ),
    );
    const started = Date.now();
    expect(
      (await owner.post("/api/auth/sign-in/email", { email: artist.email, password: "artist-pass" }, shared)).status,
    ).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // The link mailed by a password reset clears every pause on the account.
    await server
      .client()
      .post("/api/auth/request-password-reset", { email: artist.email, redirectTo: "/reset-password" });
    const mail = (await server.outbox()).findLast((m) => m.to === artist.email);
    const token = /token=([\w-]+)|reset-password\/([\w-]+)/.exec(mail?.text ?? "");
    const resetToken = token?.[1] ?? token?.[2] ?? "";
    expect(
      (await server.client().post("/api/auth/reset-password", { token: resetToken, newPassword: "new-pass-123" }))
        .status,
    ).toBe(200);
    const left = await server.database.db.execute(
      sql`select count(*)::int as n from sign_in_attempts where email like ${`${artist.email}%`}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  }, 60_000);

  it("pauses sequential guessing after the allowed failures, doubling each time", async () => {
    const artist = await createArtist(server);
    const signIn = (password: string) =>
      server.client().post("/api/auth/sign-in/email", { email: artist.email, password });
    const here = { address: "127.0.0.1" };
    for (let i = 0; i < 3; i++) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    expect((await signIn("artist-pass")).status).toBe(429);
    expect((await signInStanding(server.database.db, artist.email, here)).pause).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn("wrong-again")).status).toBe(401);
    expect((await signInStanding(server.database.db, artist.email, here)).pause).toBe(2);
  });
});

describe("the outbox mailer", () => {
  it("logs that a mail was written, never its links (they carry reset tokens)", async () => {
    const logged: unknown[] = [];
    const logger = { info: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    const dir = `/tmp/kalrav-outbox-${process.pid}-${Date.now()}`;
    const mailer = createMailer({ from: "Kalrav <x@kalrav.in>", outboxDir: dir, logger });
    await mailer.send({
      to: "a@example.com",
      subject: "Reset your Kalrav password",
      text: "Open http://localhost/api/auth/reset-password/SECRET-TOKEN?callbackURL=/reset",
    });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain("SECRET-TOKEN");
    expect(JSON.stringify(logged)).toContain("mail written to outbox");
  });
});
