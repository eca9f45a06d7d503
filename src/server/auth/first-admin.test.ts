import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/lib/logger";
import { startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";
import { createAuth } from "./auth";
import { adminCredentialLines, ensureFirstAdmin } from "./first-admin";

describe("the operator can always sign in as admin", () => {
  let server: TestServer;
  let auth: ReturnType<typeof createAuth>;
  beforeEach(async () => {
    // The test server already made TEST_ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD, as `npm start` does.
    server = await startTestServer();
    auth = createAuth({
      db: server.database.db,
      mailer: { transport: "outbox", send: async () => {} },
      logger: createLogger("silent"),
      secret: "a-test-secret-that-is-long-enough-for-auth",
      baseUrl: server.url,
      requireEmailVerification: false,
      signInRateLimit: 100,
      trustedOrigins: [server.url],
    });
  });
  afterEach(async () => {
    await server?.close();
  });

  const canSignIn = async (email: string, password: string) =>
    (await server.client().signIn(email, password)).status === 200;

  it("creates the ADMIN_EMAIL admin even when another admin exists (as after the demo seed), and prints how", async () => {
    const result = await ensureFirstAdmin(server.database.db, auth, { email: "ops@kalrav.in", password: "ops-pass-1" });
    expect(result).toMatchObject({ created: true, email: "ops@kalrav.in", generated: false });
    expect(adminCredentialLines(result)).toEqual([
      "First admin: ops@kalrav.in",
      "Password:    the one in ADMIN_PASSWORD",
    ]);
    expect(await canSignIn("ops@kalrav.in", "ops-pass-1")).toBe(true);
    const session = server.client();
    await session.signIn("ops@kalrav.in", "ops-pass-1");
    expect((await session.get("/api/session")).body.user.role).toBe("admin");
  });

  it("keeps an existing admin's changed password across restarts unless ADMIN_RESET_PASSWORD says so", async () => {
    const again = await ensureFirstAdmin(server.database.db, auth, { email: TEST_ADMIN.email, password: "other-pass" });
    expect(again).toEqual({ created: false, email: TEST_ADMIN.email });
    expect(await canSignIn(TEST_ADMIN.email, TEST_ADMIN.password)).toBe(true);
    const reset = await ensureFirstAdmin(server.database.db, auth, {
      email: TEST_ADMIN.email,
      password: "other-pass",
      resetPassword: true,
    });
    expect(adminCredentialLines(reset)).toEqual([
      `Admin: ${TEST_ADMIN.email}`,
      "Password:    reset to the one in ADMIN_PASSWORD",
    ]);
    expect(await canSignIn(TEST_ADMIN.email, "other-pass")).toBe(true);
    expect(await canSignIn(TEST_ADMIN.email, TEST_ADMIN.password)).toBe(false);
  });

  it("without ADMIN_EMAIL/ADMIN_PASSWORD, creates nothing once an admin exists", async () => {
    const result = await ensureFirstAdmin(server.database.db, auth, {});
    expect(result).toEqual({ created: false, email: TEST_ADMIN.email });
    expect(adminCredentialLines(result)[0]).toContain("created earlier");
  });
});
