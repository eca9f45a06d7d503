import { describe, expect, it } from "vitest";
import { createSessionCache, sessionCookie } from "./session-cache";

const user = {
  id: "u1",
  email: "a@example.com",
  name: "A",
  role: "artist" as const,
  image: null,
  emailVerified: true,
  twoFactorEnabled: false,
  locale: "en" as const,
  signedInAt: new Date(0),
  workspace: { id: "u1", name: "A", role: "owner" as const, artistScope: null },
};

describe("session cache", () => {
  it("keeps a verified session for its time to live, then forgets it", async () => {
    const cache = createSessionCache(30);
    cache.set("t", user, cache.generation());
    expect(cache.get("t")).toEqual(user);
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get("t")).toBeUndefined();
  });
  it("a clear forgets everything, and a lookup that began before it stores nothing", () => {
    const cache = createSessionCache();
    const before = cache.generation();
    cache.set("a", user, before);
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", user, before);
    expect(cache.get("b")).toBeUndefined();
  });
  it("stays within its size", () => {
    const cache = createSessionCache(60_000, 2);
    for (const t of ["a", "b", "c"]) cache.set(t, user, cache.generation());
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, user, user]);
  });
  it("reads the session cookie, secure-prefixed or not", () => {
    expect(sessionCookie("x=1; better-auth.session_token=abc.def; y=2")).toBe("abc.def");
    expect(sessionCookie("__Secure-better-auth.session_token=zzz")).toBe("zzz");
    expect(sessionCookie("better-auth.session_data=abc")).toBeUndefined();
    expect(sessionCookie(undefined)).toBeUndefined();
  });
});
