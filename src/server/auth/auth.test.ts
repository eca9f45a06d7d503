import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { users } from "#server/db/schema";
import { rateLimitSchedule } from "#server/lib/request-counter";
import { startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? "";

describe("authentication", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("registers an artist without opening a session, then signs in with the role", async () => {
    const browser = server.client();
    const signUp = await browser.signUp("Asha Rao", "asha@example.com", "secret1");
    expect(signUp.status).toBe(200);
    expect(signUp.body.user).toMatchObject({ name: "Asha Rao", email: "asha@example.com" });
    expect((await browser.get("/api/session")).body).toEqual({ user: null });

    const signIn = await browser.signIn("asha@example.com", "secret1");
    expect(signIn.status).toBe(200);
    const session = await browser.get("/api/session");
    expect(session.body.user).toMatchObject({ email: "asha@example.com", name: "Asha Rao", role: "artist" });
  });

  it("stamps the account's last sign-in time as each session opens, and only then", async () => {
    const browser = server.client();
    await browser.signUp("Meera Iyer", "meera@example.com", "secret1");
    const lastSignIn = async () => {
      const [row] = await server.database.db
        .select({ at: users.lastSignInAt })
        .from(users)
        .where(eq(users.email, "meera@example.com"));
      return row?.at ?? null;
    };
    expect(await lastSignIn()).toBeNull();
    expect((await browser.signIn("meera@example.com", "wrong-one")).status).toBe(401);
    expect(await lastSignIn()).toBeNull();

    const before = Date.now();
    expect((await browser.signIn("meera@example.com", "secret1")).status).toBe(200);
    const first = (await lastSignIn())?.getTime() ?? 0;
    expect(first).toBeGreaterThanOrEqual(before - 1000);
    expect(first).toBeLessThanOrEqual(Date.now() + 1000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await server.client().signIn("meera@example.com", "secret1")).status).toBe(200);
    expect((await lastSignIn())?.getTime()).toBeGreaterThan(first);
  });

  it("refuses passwords shorter than 6 characters and creates nothing", async () => {
    const browser = server.client();
    const res = await browser.signUp("Short", "short@example.com", "12345");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("PASSWORD_TOO_SHORT");
    expect((await browser.signIn("short@example.com", "12345")).status).toBe(401);
  });

  it("answers a duplicate e-mail like a new one, keeps the first account and tells its owner", async () => {
    const browser = server.client();
    await browser.signUp("First", "dup@example.com", "first-pass");
    const again = await browser.signUp("Second", "dup@example.com", "second-pass");
    expect(again.status).toBe(200);
    expect((await browser.signIn("dup@example.com", "second-pass")).status).toBe(401);
    expect((await browser.signIn("dup@example.com", "first-pass")).status).toBe(200);
    const mails = (await server.outbox()).filter((m) => m.to === "dup@example.com");
    expect(mails.map((m) => m.subject)).toContain("You already have a Kalrav account");
  });

  it("rejects a wrong password in the one error shape", async () => {
    const browser = server.client();
    await browser.signUp("Wrong", "wrong@example.com", "right-pass");
    const res = await browser.signIn("wrong@example.com", "not-it");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "INVALID_EMAIL_OR_PASSWORD", message: expect.any(String) } });
    expect((await browser.get("/api/session")).body.user).toBeNull();
  });

  it("signs out and the old session token stops working", async () => {
    const browser = server.client();
    await browser.signUp("Out", "out@example.com", "out-pass");
    await browser.signIn("out@example.com", "out-pass");
    const token = browser.cookie("better-auth.session_token");
    expect(token).toBeTruthy();
    expect((await browser.post("/api/auth/sign-out")).status).toBe(200);
    expect((await browser.get("/api/session")).body.user).toBeNull();
    const replay = await server.client().get("/api/session", { cookie: `better-auth.session_token=${token}` });
    expect(replay.body.user).toBeNull();
  });

  it("keeps the session only for the browser's life unless Remember me is ticked", async () => {
    await server.client().signUp("Rem", "rem@example.com", "rem-pass");
    const cookieOf = (res: { headers: Headers }) =>
      res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token=")) ?? "";
    const forgetful = await server.client().signIn("rem@example.com", "rem-pass", false);
    expect(cookieOf(forgetful)).not.toMatch(/Max-Age=\d+/i);
    expect(cookieOf(forgetful)).toMatch(/HttpOnly/i);
    expect(cookieOf(forgetful)).toMatch(/SameSite=Lax/i);
    const remembered = await server.client().signIn("rem@example.com", "rem-pass", true);
    expect(cookieOf(remembered)).toMatch(/Max-Age=\d{6,}/i);
  });

  it("refuses state-changing requests from another site or, with a cookie, from nowhere", async () => {
    const browser = server.client();
    await browser.signUp("Orig", "orig@example.com", "orig-pass");
    await browser.signIn("orig@example.com", "orig-pass");
    const crossSite = await browser.request("POST", "/api/auth/sign-out", {}, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe("INVALID_ORIGIN");
    const noOrigin = await browser.request("POST", "/api/auth/sign-out", {}, { origin: "" });
    expect(noOrigin.status).toBe(403);
    expect((await browser.get("/api/session")).body.user).not.toBeNull();
  });

  it("creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const browser = server.client();
    expect((await browser.signIn(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    expect((await browser.get("/api/session")).body.user).toMatchObject({ email: TEST_ADMIN.email, role: "admin" });
  });

  it("does not let a sign-up choose its role", async () => {
    const browser = server.client();
    const res = await browser.post("/api/auth/sign-up/email", {
      name: "Sneaky",
      email: "sneaky@example.com",
      password: "sneaky-pass",
      role: "admin",
    });
    expect(res.status).toBe(400);
    expect((await browser.signIn("sneaky@example.com", "sneaky-pass")).status).toBe(401);
  });

  it("resets a forgotten password by e-mail link, ending old sessions, with the same answer for unknown e-mails", async () => {
    const owner = server.client();
    await owner.signUp("Reset", "reset@example.com", "old-pass");
    await owner.signIn("reset@example.com", "old-pass");

    const body = (email: string) => ({ email, redirectTo: "/reset-password" });
    const known = await server.client().post("/api/auth/request-password-reset", body("reset@example.com"));
    const unknown = await server.client().post("/api/auth/request-password-reset", body("nobody@example.com"));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    const mails = (await server.outbox()).filter((m) => m.subject === "Reset your Kalrav password");
    expect(mails.map((m) => m.to)).toEqual(["reset@example.com"]);
    const link = linkIn(mails[0]?.text ?? "");
    expect(link).toContain("/api/auth/reset-password/");

    const visit = await server.client().get(new URL(link).pathname + new URL(link).search);
    expect(visit.status).toBe(302);
    const landing = new URL(visit.headers.get("location") ?? "", server.url);
    expect(landing.pathname).toBe("/reset-password");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const tooShort = await server.client().post("/api/auth/reset-password", { token, newPassword: "12345" });
    expect(tooShort.status).toBe(400);
    const reset = await server.client().post("/api/auth/reset-password", { token, newPassword: "new-pass" });
    expect(reset.status).toBe(200);

    expect((await owner.get("/api/session")).body.user).toBeNull();
    expect((await server.client().signIn("reset@example.com", "old-pass")).status).toBe(401);
    expect((await server.client().signIn("reset@example.com", "new-pass")).status).toBe(200);
    const reuse = await server.client().post("/api/auth/reset-password", { token, newPassword: "again-pass" });
    expect(reuse.status).toBe(400);
  });

  it("never lets a stack trace or the password reach a response", async () => {
    const res = await server.client().post("/api/auth/sign-in/email", "{not json");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/at .*\.(m?js|ts):\d+/);
  });
});

describe("sign-in rate limit", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ SIGN_IN_RATE_LIMIT: "3" });
  });
  afterEach(async () => {
    await server?.close();
  });

  it("answers 429 with a clear message after too many attempts from one address", async () => {
    const browser = server.client();
    for (let i = 0; i < 3; i++) expect((await browser.signIn("x@example.com", "wrong-pass")).status).toBe(401);
    const limited = await browser.signIn("x@example.com", "wrong-pass");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: "TOO_MANY_REQUESTS", message: MESSAGES.rateLimited });
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
  });

  it("counts the auth library's limits in the app's one counter, a row per address and path, and drops counters long past", async () => {
    const db = server.database.db;
    const browser = server.client();
    for (let i = 0; i < 2; i++) expect((await browser.signIn("y@example.com", "wrong-pass")).status).toBe(401);
    const counters = async () =>
      (
        (await db.execute(
          sql`select key, count::int as count from rate_limits where key like 'auth:%' order by key`,
        )) as unknown as { rows: { key: string; count: number }[] }
      ).rows;
    const [signIns] = await counters();
    expect(signIns?.key).toMatch(/^auth:.*\/sign-in\/email$/);
    expect(signIns?.count).toBe(2);
    // A counter whose window ended two days ago goes with the hourly upkeep; the live one stays.
    await db.execute(sql`insert into rate_limits (id, key, count, last_request)
      values (gen_random_uuid(), 'auth:203.0.113.9/sign-in/email', 3, ${Date.now() - 2 * 24 * 3600 * 1000})`);
    for (const task of rateLimitSchedule(db)) await task.run(new AbortController().signal);
    expect((await counters()).map((c) => c.key)).toEqual([signIns?.key]);
  });

  it("limits registrations and password-reset requests too", async () => {
    const browser = server.client();
    const signUps: number[] = [];
    for (let i = 0; i < 4; i++)
      signUps.push((await browser.signUp("N", `limit-${i}@example.com`, "long-enough")).status);
    expect(signUps).toEqual([200, 200, 200, 429]);
    const resets: number[] = [];
    for (let i = 0; i < 6; i++) {
      resets.push(
        (
          await browser.post("/api/auth/request-password-reset", {
            email: "someone@example.com",
            redirectTo: "/reset-password",
          })
        ).status,
      );
    }
    expect(resets.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(resets[5]).toBe(429);
  });
});

describe("behind HTTPS", () => {
  let server: TestServer;
  const publicUrl = "https://kalrav.example";
  beforeEach(async () => {
    server = await startTestServer({ PUBLIC_URL: publicUrl });
  });
  afterEach(async () => {
    await server?.close();
  });

  it("session cookies are Secure (and still HttpOnly, SameSite=Lax)", async () => {
    const browser = server.client();
    const headers = { origin: publicUrl };
    await browser.request(
      "POST",
      "/api/auth/sign-up/email",
      { name: "S", email: "secure@example.com", password: "long-enough" },
      headers,
    );
    const res = await browser.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: "secure@example.com", password: "long-enough" },
      headers,
    );
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});

describe("e-mail verification when required", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "true" });
  });
  afterEach(async () => {
    await server?.close();
  });

  it("tells the web app, mails a link, refuses sign-in until it is opened, and can resend", async () => {
    expect((await server.client().get("/api/config")).body).toEqual({ requireEmailVerification: true });
    const browser = server.client();
    await browser.post("/api/auth/sign-up/email", {
      name: "Verify",
      email: "verify@example.com",
      password: "verify-pass",
      callbackURL: "/login?verified=1",
    });
    const refused = await browser.signIn("verify@example.com", "verify-pass");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("EMAIL_NOT_VERIFIED");

    const resend = await browser.post("/api/auth/send-verification-email", {
      email: "verify@example.com",
      callbackURL: "/login?verified=1",
    });
    expect(resend.status).toBe(200);
    const mails = (await server.outbox()).filter(
      (m) => m.to === "verify@example.com" && m.subject === "Confirm your e-mail for Kalrav",
    );
    expect(mails.length).toBeGreaterThanOrEqual(2);

    const link = new URL(linkIn(mails.at(-1)?.text ?? ""));
    const visit = await server.client().get(link.pathname + link.search);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toContain("/login?verified=1");

    expect((await browser.signIn("verify@example.com", "verify-pass")).status).toBe(200);
    expect((await browser.get("/api/session")).body.user).toMatchObject({ emailVerified: true });
  });
});
