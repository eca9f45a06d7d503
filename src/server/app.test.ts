import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test/test-server";

describe("HTTP app", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
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
    const page = await server.client().get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Kalrav API reference</h1>");
    expect(page.text).toContain("/api/health");
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
