import { betterAuth } from "better-auth";
import { memoryAdapter } from "better-auth/adapters/memory";
import { describe, expect, it } from "vitest";
import { handlerWithRouterBuiltOnce } from "./router-once";

const BASE = "http://127.0.0.1:3999";

/** A Better Auth instance with one plugin that counts how often its endpoints are read. */
function countedAuth(options: { baseURL?: string; originsFromInit?: boolean } = { baseURL: BASE }) {
  const counted = { reads: 0 };
  const auth = betterAuth({
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: "a-test-secret-that-is-long-enough-for-better-auth",
    telemetry: { enabled: false },
    logger: { disabled: true },
    database: memoryAdapter({ user: [], session: [], account: [], verification: [] }),
    emailAndPassword: { enabled: true },
    // The library skips its origin check under a test runner unless told not to.
    advanced: { disableOriginCheck: false },
    plugins: [
      {
        id: "counted",
        // A plugin may give trusted origins that depend on the request, as its init's answer.
        ...(options.originsFromInit ? { init: () => ({ options: { trustedOrigins: async () => [BASE] } }) } : {}),
        // Read each time the library builds its endpoints.
        get endpoints() {
          counted.reads += 1;
          return {};
        },
      },
    ],
  });
  return { auth, counted };
}

describe("the auth router built once", () => {
  it("builds the library's endpoints once, not for every request", async () => {
    const { auth, counted } = countedAuth();
    const handle = handlerWithRouterBuiltOnce(auth);
    expect((await handle(new Request(`${BASE}/api/auth/ok`))).status).toBe(200);
    const afterFirst = counted.reads;
    for (let i = 0; i < 3; i++) expect((await handle(new Request(`${BASE}/api/auth/ok`))).status).toBe(200);
    expect(counted.reads).toBe(afterFirst);
    // The library's own handler builds them again for each request: what this module avoids.
    await auth.handler(new Request(`${BASE}/api/auth/ok`));
    expect(counted.reads).toBeGreaterThan(afterFirst);
  });

  it("keeps the router's checks in front of the endpoints", async () => {
    const { auth } = countedAuth();
    const handle = handlerWithRouterBuiltOnce(auth);
    const post = (origin: string) =>
      handle(
        new Request(`${BASE}/api/auth/sign-out`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: "better-auth.session_token=x", origin },
          body: "{}",
        }),
      );
    expect((await post("https://evil.example")).status).toBe(403);
    expect((await post(BASE)).status).toBe(200);
    expect((await handle(new Request(`${BASE}/api/auth/no-such-endpoint`))).status).toBe(404);
  });

  it("leaves the library's handler as it is when the base URL depends on the request", () => {
    const { auth } = countedAuth({});
    expect(handlerWithRouterBuiltOnce(auth)).toBe(auth.handler);
  });

  it("hands each request to the library's handler when a plugin makes the origins depend on the request", async () => {
    const { auth, counted } = countedAuth({ baseURL: BASE, originsFromInit: true });
    const handle = handlerWithRouterBuiltOnce(auth);
    expect((await handle(new Request(`${BASE}/api/auth/ok`))).status).toBe(200);
    const afterFirst = counted.reads;
    expect((await handle(new Request(`${BASE}/api/auth/ok`))).status).toBe(200);
    expect(counted.reads).toBeGreaterThan(afterFirst);
  });
});
