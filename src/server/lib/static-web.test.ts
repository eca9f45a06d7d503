import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "#server/context";
import { mountWeb } from "./static-web";

describe("serving the built web app", () => {
  let dir = "";
  let app: Hono<AppEnv>;
  const home = '<!doctype html><div id="root"><h1>Prerendered</h1></div>';
  const shell = '<!doctype html><div id="root"></div>';
  const script = "console.log('app');".repeat(50);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kalrav-web-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), shell);
    fs.writeFileSync(path.join(dir, "home.html"), home);
    fs.writeFileSync(path.join(dir, "home.html.br"), zlib.brotliCompressSync(home));
    fs.writeFileSync(path.join(dir, "home.html.gz"), zlib.gzipSync(home));
    fs.writeFileSync(path.join(dir, "assets", "app-123.js"), script);
    fs.writeFileSync(path.join(dir, "assets", "app-123.js.gz"), zlib.gzipSync(script));
    app = new Hono<AppEnv>();
    mountWeb(app, dir, "https://kalrav.in/");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("serves a real robots.txt and a sitemap of the public pages at the public address", async () => {
    const robots = await app.request("/robots.txt");
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("Disallow: /app/");
    expect(text).toContain("Disallow: /admin/");
    expect(text).toContain("Sitemap: https://kalrav.in/sitemap.xml");
    const sitemap = await app.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>https://kalrav.in/pricing</loc>");
    expect(xml).toContain("<loc>https://kalrav.in/</loc>");
    expect(xml).not.toContain("/app/");
  });

  it("answers / with the prerendered landing page, compressed as the browser accepts", async () => {
    const br = await app.request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(home);

    const gzip = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(home);

    const plain = await app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toContain("text/html");
    expect(await plain.text()).toBe(home);
  });

  it("answers every other page with the app shell, uncompressed when no copy was built", async () => {
    const res = await app.request("/app/dashboard", { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toBe(shell);
  });

  it("sends hashed assets precompressed and cacheable for a year", async () => {
    const res = await app.request("/assets/app-123.js", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });
});
