import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SETTINGS_MESSAGES } from "#domain/settings";
import { trustedOriginsFor } from "#server/lib/origin-guard";
import { createArtist } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";

describe("HTTP app", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("reports health with the database", async () => {
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: "ok" });
  });

  it("answers unknown API paths with a JSON 404 in the one error shape", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await server.client().request(method, "/api/no-such-thing", method === "GET" ? undefined : {});
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
  });

  it("sends security headers and a request id on every response, the auth library's included", async () => {
    for (const path of ["/api/health", "/api/nope", "/api/docs", "/api/auth/get-session", "/api/auth/ok"]) {
      const res = await server.client().get(path);
      expect(res.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    const traced = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": "trace-me-42" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-me-42");
  });

  it("publishes an OpenAPI document generated from the route schemas, and a reference page", async () => {
    const doc = await server.client().get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/health", "/session", "/config"]));
    expect(doc.body.components.schemas.Health).toBeDefined();
    // The reference page is the web app's, at /docs/api; the old address leads there.
    const page = await server.client().get("/api/docs");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/docs/api");
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const res = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "a@b.c", password: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers 503 with the failing part when the database is unreachable", async () => {
    await server.database.close();
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "error", db: "error" });
  });
});

describe("HTTP hardening", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("marks every API answer no-store, and sends HSTS only over HTTPS", async () => {
    const artist = await createArtist(server);
    for (const path of ["/api/session", "/api/releases", "/api/royalties", "/api/auth/get-session", "/api/nope"]) {
      const res = await artist.client.get(path);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
    // Behind a TLS-terminating proxy that we trust, HSTS is sent.
    const proxied = await startTestServer({ TRUST_PROXY: "true" });
    try {
      const res = await proxied.client().get("/api/health", { "x-forwarded-proto": "https" });
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      expect((await proxied.client().get("/api/health")).headers.get("strict-transport-security")).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it("trusts localhost origins only when the public address is itself local", () => {
    expect(trustedOriginsFor("https://kalrav.in", 3000)).toEqual(["https://kalrav.in"]);
    expect(trustedOriginsFor("http://localhost:3000", 3000)).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
    ]);
  });

  it("refuses an avatar whose pixels exceed the limit however small the file", async () => {
    const artist = await createArtist(server);
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(huge)], { type: "image/png" }), "huge.png");
    const res = await fetch(`${server.url}/api/profile/avatar`, {
      method: "POST",
      body: form,
      headers: {
        origin: server.url,
        cookie: `better-auth.session_token=${artist.client.cookie("better-auth.session_token")}`,
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(SETTINGS_MESSAGES.avatarTooManyPixels);
  }, 60_000);
});
